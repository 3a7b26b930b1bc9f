import { Input, Radio, Skeleton, TextArea } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { formatFen } from '@/lib/money';
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
import { cardRechargeStore, type CardRechargeStore } from '@/stores/screens/mine/card-recharge';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/list/info/recharge — 卡片充值 / 月卡续费 (C-mine.md card/tab/list/info/recharge): records a counter
 * recharge paid to the operator offline. Value cards: the site's tiers ("充¥50 送¥5"; the smart bonus's gifts when in
 * force) and 自定义 (充值金额, 赠送金额 editable only when the site allows custom amounts); month cards: the enabled
 * templates and "续费后有效期至". 收款方式 and 备注; the sticky bar "实收 · 到账" and 确认充值 with its confirmation.
 * Sent exactly once (requestId kept across a retry; taps ignored while it runs).
 */

const ValueForm = observer(function ValueForm({ store }: { store: CardRechargeStore }) {
  const part = store.value;
  if (part.template.pending) return <Skeleton.Paragraph lineCount={3} animated />;
  if (part.template.failed)
    return (
      <p>
        加载失败{' '}
        <Button size="mini" onClick={() => void part.template.load()}>
          重试
        </Button>
      </p>
    );
  return (
    <>
      <TierGrid
        tiers={part.tiers}
        customAllowed={part.customAllowed}
        choice={part.choice}
        onChoose={(c) => part.choose(c)}
      />
      {part.choice?.kind === 'custom' && (
        <>
          <Field label="充值金额" required>
            <Input
              name="payAmount"
              type="text"
              inputMode="decimal"
              placeholder="¥"
              value={part.payText}
              onChange={(v) => part.setPay(v)}
            />
          </Field>
          <Field label="赠送金额">
            <Input
              name="giveAmount"
              type="text"
              inputMode="decimal"
              placeholder={part.giftEditable ? '¥' : '不可赠送'}
              disabled={!part.giftEditable}
              value={part.giftEditable ? part.giveText : ''}
              onChange={(v) => part.setGive(v)}
            />
          </Field>
        </>
      )}
    </>
  );
});

const MonthForm = observer(function MonthForm({ store }: { store: CardRechargeStore }) {
  const { templates } = store.month;
  if (templates.pending) return <Skeleton.Paragraph lineCount={3} animated />;
  const list = templates.data ?? [];
  if (list.length === 0) return <p className={styles.muted}>该站点暂无可用的月卡套餐</p>;
  return (
    <>
      <Radio.Group value={store.month.templateId ?? undefined} onChange={(v) => store.month.choose(v as number)}>
        {list.map((t) => (
          <div key={t.templateId} className={styles.field}>
            <Radio value={t.templateId}>
              {t.name} {t.days}天 {formatFen(t.price)} · 每日{t.dailyTimesLimit}次
            </Radio>
          </div>
        ))}
      </Radio.Group>
      {store.renewal && <p data-testid="renewal-end">续费后有效期至 {store.renewal.endDate}</p>}
    </>
  );
});

const Recharge = observer(function Recharge({ cardType, cardId }: { cardType: 1 | 2 | 3 | 4; cardId: number }) {
  const store = useScreenStore(cardRechargeStore, cardType, cardId);
  const navigate = useNavigate();
  useEffect(() => {
    void store.load();
  }, [store]);
  const card = store.card.data;
  if (!card) {
    if (store.card.failed) return <DetailFailed text="卡片不存在" onRetry={() => void store.load()} />;
    return <DetailLoading />;
  }
  const amounts = store.amounts;
  const submit = async () => {
    if (store.submit.busy) return;
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    if (await store.send(() => confirm(store.isMonth ? '月卡续费' : '卡片充值', store.confirmText))) {
      toast(store.isMonth ? '续费成功' : '充值成功');
      void navigate(-1);
    }
  };
  return (
    <main className={styles.page}>
      <section className={styles.card} data-testid="recharge-card">
        <div className={styles.itemHead}>
          <b>{card.cardNo}</b>
          <span>{card.holderName || '--'}</span>
        </div>
        <p className={styles.muted}>
          {store.isMonth
            ? `当前有效期至 ${card.endDate ?? '--'}`
            : `当前余额 ${formatFen(card.balance + card.giveBalance)}（含赠送 ${formatFen(card.giveBalance)}）`}
        </p>
      </section>
      <section className={styles.card}>
        <h2>{store.isMonth ? '续费套餐' : '充值金额'}</h2>
        {store.isMonth ? <MonthForm store={store} /> : <ValueForm store={store} />}
      </section>
      <section className={styles.card}>
        <h2>收款方式</h2>
        <PayTypeRadio value={store.payType} onChange={(v) => store.setPayType(v)} />
        <Field label="备注" htmlFor="card-recharge-remark">
          <TextArea
            id="card-recharge-remark"
            name="remark"
            value={store.remark}
            maxLength={50}
            rows={2}
            onChange={(v) => store.setRemark(v)}
          />
        </Field>
        <p className={styles.muted}>仅记录线下收款，不发起线上支付</p>
      </section>
      <BottomBar testId="recharge-bar">
        <span className={styles.barText} data-testid="recharge-summary">
          {'error' in amounts ? (
            <>实收 --</>
          ) : (
            <>
              实收 <b>{formatFen(amounts.payAmount)}</b> · 到账 {formatFen(amounts.payAmount + amounts.giveAmount)}
            </>
          )}
          {!store.allowed && <span className={styles.danger}> 卡片当前状态不可充值</span>}
        </span>
        <Button
          color="primary"
          disabled={!store.allowed || store.submit.busy}
          loading={store.submit.sending}
          onClick={() => void submit()}
        >
          {store.isMonth ? '确认续费' : '确认充值'}
        </Button>
      </BottomBar>
    </main>
  );
});

export default function CardRechargeScreen() {
  const query = useCardQuery('cardRecharge');
  if (!query) return null;
  return <Recharge key={`${query.cardType}-${query.cardId}`} cardType={query.cardType} cardId={query.cardId} />;
}
