import { DatePicker, Input, Radio, Skeleton, TextArea } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { CARD_TYPE_LABELS } from '@/api/card-rules';
import { confirm, toast } from '@/components/feedback';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { dayOf } from '@/lib/time';
import {
  BottomBar,
  DetailFailed,
  DetailLoading,
  Field,
  PayTypeRadio,
  TierGrid,
  useCardQuery,
} from '@/sections/mine/card-parts';
import { useScreenStore } from '@/stores/screen-store';
import { cardActivateStore } from '@/stores/screens/mine/card-recharge';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/list/info/active — 卡片激活 (C-mine.md card/tab/list/info/active): hands a stock card to a rider — the
 * holder's phone (required; plates registered by the rider offered as chips), name and plate; value cards a first
 * recharge from the tier grid (or 不充值), month cards a package and its start day (today … today + 30); 收款方式
 * when an amount is due; 备注. 激活 is disabled until the form is valid, confirms, activates exactly once and replaces
 * the route with the card's detail.
 */

const Activate = observer(function Activate({ cardType, cardId }: { cardType: 1 | 2 | 3 | 4; cardId: number }) {
  const store = useScreenStore(cardActivateStore, cardType, cardId);
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    void store.load();
  }, [store]);
  const card = store.card.data;
  // A card already active when the screen opens (not one activated here) sends the user back to its detail.
  const [openedActive] = useState(() => ({ value: null as boolean | null }));
  if (card && openedActive.value === null) openedActive.value = card.status !== 1 && !store.submit.busy;
  const active = openedActive.value === true;
  useEffect(() => {
    if (!active) return;
    toast('该卡已激活');
    void navigate(href('cardInfo', { cardId, cardType }), { replace: true });
  }, [active, navigate, cardId, cardType]);
  if (!card) {
    if (store.card.failed) return <DetailFailed text="卡片不存在" onRetry={() => void store.load()} />;
    return <DetailLoading />;
  }
  const amounts = store.amounts;
  const due = 'error' in amounts ? 0 : amounts.payAmount;
  const submit = async () => {
    if (store.submit.busy) return;
    const error = store.error;
    if (error) {
      toast(error);
      if (error === '该卡已激活') void navigate(href('cardInfo', { cardId, cardType }), { replace: true });
      return;
    }
    if (await store.send(() => confirm('卡片激活', store.confirmText))) {
      toast('激活成功');
      void navigate(href('cardInfo', { cardId, cardType }), { replace: true });
    }
  };
  const range = store.startRange;
  return (
    <main className={styles.page}>
      <section className={styles.card}>
        <div className={styles.itemHead}>
          <b data-testid="active-card-no">{card.cardNo}</b>
          <span>{CARD_TYPE_LABELS[card.cardType]}</span>
        </div>
        <p className={styles.muted}>适用站点：{card.sites.map((s) => s.siteName).join('、') || '--'}</p>
      </section>
      <section className={styles.card}>
        <h2>持卡人</h2>
        <Field label="手机号" required>
          <Input
            name="phone"
            type="tel"
            maxLength={11}
            placeholder="持卡人手机号"
            value={store.phone}
            onChange={(v) => store.set('phone', v)}
          />
        </Field>
        <Field label="姓名">
          <Input
            aria-label="姓名"
            name="holderName"
            maxLength={20}
            value={store.holderName}
            onChange={(v) => store.set('holderName', v)}
          />
        </Field>
        <Field label="车牌号">
          <Input
            aria-label="车牌号"
            name="licenseNumber"
            maxLength={10}
            value={store.licenseNumber}
            onChange={(v) => store.set('licenseNumber', v)}
          />
        </Field>
        {store.licenses.length > 0 && (
          <div className={styles.chips}>
            {store.licenses.map((l) => (
              <button
                key={l.licenseNumber}
                type="button"
                className={styles.chip}
                onClick={() => store.set('licenseNumber', l.licenseNumber)}
              >
                {l.licenseNumber} · {l.carTypeName}
              </button>
            ))}
          </div>
        )}
      </section>
      <section className={styles.card}>
        <h2>{store.isMonth ? '月卡套餐' : '首充金额'}</h2>
        {store.isMonth ? (
          store.month.templates.pending ? (
            <Skeleton.Paragraph lineCount={2} animated />
          ) : (
            <>
              <Radio.Group
                value={store.month.templateId ?? undefined}
                onChange={(v) => store.month.choose(v as number)}
              >
                {(store.month.templates.data ?? []).map((t) => (
                  <div key={t.templateId} className={styles.field}>
                    <Radio value={t.templateId}>
                      {t.name} {t.days}天 {formatFen(t.price)} · 每日{t.dailyTimesLimit}次
                    </Radio>
                  </div>
                ))}
              </Radio.Group>
              <Field label="生效日期" required>
                <button
                  type="button"
                  className={styles.select}
                  onClick={() => setPicking(true)}
                  data-testid="start-date"
                >
                  {store.startDate} ▾
                </button>
              </Field>
              <DatePicker
                visible={picking}
                onClose={() => setPicking(false)}
                min={new Date(`${range.min}T00:00:00+08:00`)}
                max={new Date(`${range.max}T00:00:00+08:00`)}
                value={new Date(`${store.startDate}T00:00:00+08:00`)}
                onConfirm={(d) => store.set('startDate', dayOf(d.getTime()))}
              />
            </>
          )
        ) : store.value.template.pending ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : (
          <>
            <TierGrid
              tiers={store.value.tiers}
              customAllowed={store.value.customAllowed}
              offerNone
              choice={store.value.choice}
              onChoose={(c) => store.value.choose(c)}
            />
            {store.value.choice?.kind === 'custom' && (
              <>
                <Field label="充值金额" required>
                  <Input
                    aria-label="充值金额"
                    name="payAmount"
                    inputMode="decimal"
                    value={store.value.payText}
                    onChange={(v) => store.value.setPay(v)}
                  />
                </Field>
                <Field label="赠送金额">
                  <Input
                    name="giveAmount"
                    inputMode="decimal"
                    disabled={!store.value.giftEditable}
                    placeholder={store.value.giftEditable ? '¥' : '不可赠送'}
                    value={store.value.giftEditable ? store.value.giveText : ''}
                    onChange={(v) => store.value.setGive(v)}
                  />
                </Field>
              </>
            )}
          </>
        )}
      </section>
      <section className={styles.card}>
        {due > 0 && (
          <>
            <h2>收款方式</h2>
            <PayTypeRadio value={store.payType} onChange={(v) => store.setPayType(v)} />
          </>
        )}
        <Field label="备注" htmlFor="card-active-remark">
          <TextArea
            id="card-active-remark"
            name="remark"
            maxLength={50}
            rows={2}
            value={store.remark}
            onChange={(v) => store.set('remark', v)}
          />
        </Field>
      </section>
      <BottomBar testId="active-bar">
        <span className={styles.barText} data-testid="active-summary">
          实收 <b>{formatFen(due)}</b>
        </span>
        <Button
          color="primary"
          disabled={store.error !== null || store.submit.busy}
          loading={store.submit.sending}
          onClick={() => void submit()}
        >
          激活
        </Button>
      </BottomBar>
    </main>
  );
});

export default function CardActiveScreen() {
  const query = useCardQuery('cardActive');
  if (!query) return null;
  return <Activate key={`${query.cardType}-${query.cardId}`} cardType={query.cardType} cardId={query.cardId} />;
}
