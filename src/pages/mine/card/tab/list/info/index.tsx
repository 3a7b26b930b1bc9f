import { ActionSheet, Input, Popup, Radio, TextArea } from 'antd-mobile';
import { ActionLink, RowLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { CardDetail } from '@/api/card';
import { RESET_REASONS } from '@/api/card-rules';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import {
  BottomBar,
  CardStatusTag,
  CardTypeTag,
  DetailFailed,
  DetailLoading,
  Field,
  Rows,
  copyText,
  useCardQuery,
} from '@/sections/mine/card-parts';
import { useScreenStore } from '@/stores/screen-store';
import {
  cardDetailStore,
  resetConfirmText,
  type CardAction,
  type CardDetailStore,
  type HolderForm,
} from '@/stores/screens/mine/card-detail';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/list/info — 套餐卡详情 (C-mine.md card/tab/list/info): the card face (number to copy, type, status,
 * balances or the month card's period and today's uses), the holder, the usage information with the fee rule, the
 * entries (充值记录, 充电记录, 绑定站点) and the bottom bar of its status — 激活, 充值/续费, 冻结/解冻, 停卡/恢复, 更多
 * (编辑持卡人信息, 注销卡片) — each with its confirmation and its permission. The card is held in root.cards: after any
 * action it is reloaded here and in every list.
 */

function Face({ card }: { card: CardDetail }) {
  const month = card.cardType === 2;
  return (
    <section className={styles.face} data-testid="card-face">
      <div className={styles.faceHead}>
        <span
          className={styles.faceNo}
          role="button"
          data-testid="card-no"
          onClick={() => void copyText(card.cardNo).then((ok) => ok && toast('卡号已复制'))}
        >
          {card.cardNo}
        </span>
        <span>
          <CardTypeTag cardType={card.cardType} /> <CardStatusTag status={card.status} />
        </span>
      </div>
      {month ? (
        <>
          <div className={styles.faceBig} data-testid="card-period">
            {card.startDate && card.endDate ? `${card.startDate} – ${card.endDate}` : '未开通'}
          </div>
          <div className={styles.faceSmall}>
            剩余 {card.remainDays ?? 0} 天 · 今日已充 {card.usedTimesToday}/{card.dailyTimesLimit ?? '--'} 次
            {card.status === 6 && card.pauseDate ? ` · 停卡中（自 ${card.pauseDate}）` : ''}
          </div>
        </>
      ) : (
        <>
          <div className={styles.faceBig} data-testid="card-balance">
            {formatFen(card.balance + card.giveBalance)}
          </div>
          <div className={styles.faceSmall}>
            {card.cardType === 4 ? '余额' : `本金 ${formatFen(card.balance)} · 赠送 ${formatFen(card.giveBalance)}`}
          </div>
        </>
      )}
    </section>
  );
}

/** The 编辑持卡人信息 sheet. */
const EditSheet = observer(function EditSheet({ store, onClose }: { store: CardDetailStore; onClose: () => void }) {
  const [form, setForm] = useState<HolderForm>(() => store.holderForm());
  const set = (field: keyof HolderForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field === 'phone') void store.lookupLicenses(value);
  };
  useEffect(() => {
    void store.lookupLicenses(form.phone);
  }, [store]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = async () => {
    const result = await store.saveHolder(form);
    if (typeof result === 'object') toast(result.error);
    else if (result === 'done') {
      toast('保存成功');
      onClose();
    }
  };
  const card = store.card.data;
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} data-testid="edit-sheet">
        <h3>编辑持卡人信息</h3>
        <Field label="姓名">
          <Input
            aria-label="姓名"
            name="holderName"
            value={form.holderName}
            maxLength={20}
            onChange={(v) => set('holderName', v)}
          />
        </Field>
        <Field label="手机号" required={card?.status !== 1}>
          <Input
            aria-label="手机号"
            name="phone"
            type="tel"
            value={form.phone}
            maxLength={11}
            onChange={(v) => set('phone', v)}
          />
        </Field>
        <Field label="车牌号">
          <Input
            aria-label="车牌号"
            name="licenseNumber"
            value={form.licenseNumber}
            maxLength={10}
            onChange={(v) => set('licenseNumber', v)}
          />
        </Field>
        {store.licenses.length > 0 && (
          <div className={styles.chips}>
            {store.licenses.map((l) => (
              <button
                key={l.licenseNumber}
                type="button"
                className={styles.chip}
                onClick={() => set('licenseNumber', l.licenseNumber)}
              >
                {l.licenseNumber} · {l.carTypeName}
              </button>
            ))}
          </div>
        )}
        {card?.cardType === 2 && (
          <Field label="RFID标签号">
            <Input
              aria-label="RFID标签号"
              name="rfidNo"
              value={form.rfidNo}
              maxLength={24}
              onChange={(v) => set('rfidNo', v)}
            />
          </Field>
        )}
        <Field label="备注" htmlFor="card-info-remark">
          <TextArea
            id="card-info-remark"
            name="remark"
            value={form.remark}
            maxLength={50}
            rows={2}
            onChange={(v) => set('remark', v)}
          />
        </Field>
        <div className={styles.sheetFoot}>
          <Button onClick={onClose}>取消</Button>
          <Button
            color="primary"
            loading={store.actions.busy('holder')}
            disabled={store.actions.busy('holder')}
            onClick={() => void save()}
          >
            保存
          </Button>
        </div>
      </div>
    </Popup>
  );
});

/** The 注销卡片 sheet: reason, then the confirmation, then factoryReset (exactly once). */
const ResetSheet = observer(function ResetSheet({
  store,
  onClose,
  onDone,
}: {
  store: CardDetailStore;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState<1 | 2 | 3 | 4 | null>(null);
  const [remark, setRemark] = useState('');
  const card = store.card.data;
  const submit = async () => {
    if (!card) return;
    if (reason === null) {
      toast('请选择注销原因');
      return;
    }
    if (reason === 4 && remark.trim().length < 2) {
      toast('请填写注销原因');
      return;
    }
    const result = await store.factoryReset(reason, remark, () => confirm('注销卡片', resetConfirmText(card)));
    if (typeof result === 'object') toast(result.error);
    else if (result === 'done') onDone();
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} data-testid="reset-sheet">
        <h3>注销卡片</h3>
        <Radio.Group value={reason ?? undefined} onChange={(v) => setReason(v as 1 | 2 | 3 | 4)}>
          {RESET_REASONS.map((r) => (
            <div key={r.value} className={styles.field}>
              <Radio value={r.value}>{r.label}</Radio>
            </div>
          ))}
        </Radio.Group>
        {reason === 4 && (
          <TextArea
            name="reasonRemark"
            placeholder="请填写注销原因"
            value={remark}
            maxLength={50}
            rows={2}
            onChange={setRemark}
          />
        )}
        <div className={styles.sheetFoot}>
          <Button onClick={onClose}>取消</Button>
          <Button
            color="danger"
            loading={store.reset.sending}
            loadingText="注销中"
            disabled={store.reset.busy}
            onClick={() => void submit()}
          >
            注销
          </Button>
        </div>
      </div>
    </Popup>
  );
});

const LABELS: Record<CardAction, string> = {
  activate: '激活',
  recharge: '充值',
  renew: '续费',
  freeze: '冻结',
  unfreeze: '解冻',
  stop: '停卡',
  resume: '恢复',
  more: '更多',
};

const CardInfo = observer(function CardInfo({ cardType, cardId }: { cardType: 1 | 2 | 3 | 4; cardId: number }) {
  const store = useScreenStore(cardDetailStore, cardType, cardId);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const [sheet, setSheet] = useState<'edit' | 'reset' | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const card = store.card.data;
  if (!card) {
    if (store.card.failed) return <DetailFailed text="卡片不存在" onRetry={() => void store.load()} />;
    return <DetailLoading />;
  }
  const act = async (action: CardAction) => {
    switch (action) {
      case 'activate':
        void navigate(href('cardActive', { cardId, cardType }));
        return;
      case 'recharge':
      case 'renew':
        void navigate(href('cardRecharge', { cardId, cardType }));
        return;
      case 'freeze':
        if (!(await confirm('冻结', '冻结后该卡将无法刷卡充电，确定冻结？'))) return;
        if (await store.setStatus(2)) toast('已冻结');
        return;
      case 'unfreeze':
        if (await store.setStatus(3)) toast('已解冻');
        return;
      case 'stop': {
        if (!(await confirm('停卡', '停卡期间无法使用，恢复后有效期按停卡天数顺延，确定停卡？'))) return;
        if ((await store.pause(1)) !== null) toast('已停卡');
        return;
      }
      case 'resume': {
        const end = await store.pause(2);
        if (end !== null) toast(`已恢复，有效期顺延至 ${end}`);
        return;
      }
      case 'more': {
        const handler = ActionSheet.show({
          actions: store.moreItems.map((key) => ({
            key,
            text: key === 'edit' ? '编辑持卡人信息' : '注销卡片',
            danger: key === 'reset',
          })),
          cancelText: '取消',
          onAction: (a) => {
            handler.close();
            setSheet(a.key as 'edit' | 'reset');
          },
        });
      }
    }
  };
  const fee = store.fee.data;
  const entries = [
    { label: '充值记录', to: href('cardRechargeRecords', { cardId, cardType }) },
    { label: '充电记录', to: href('cardChargeRecords', { cardId, cardType }) },
    { label: '绑定站点', to: href('cardBindAddress', { cardId, cardType }) },
  ].filter((e) => isBuilt(e.to));
  return (
    <main className={styles.page}>
      <Face card={card} />
      <section className={styles.card} style={{ marginTop: 12 }}>
        <h2>持卡人</h2>
        <Rows
          rows={[
            { label: '姓名', value: card.holderName || card.nickname || '--', testId: 'holder-name' },
            {
              label: '手机号',
              value: card.phone ? <a href={`tel:${card.phone}`}>{card.phone}</a> : '--',
              testId: 'holder-phone',
            },
            { label: '车牌号', value: card.licenseNumber || '--' },
            ...(card.cardType === 2 ? [{ label: 'RFID 标签号', value: store.rfid.data?.rfidNo ?? '--' }] : []),
          ]}
        />
      </section>
      <section className={styles.card}>
        <h2>使用信息</h2>
        <Rows
          rows={[
            {
              label: '适用站点',
              value:
                card.cardType === 3 ? (
                  isBuilt(href('cardBindAddress', { cardId, cardType })) ? (
                    <ActionLink to={href('cardBindAddress', { cardId, cardType })}>
                      {card.sites.length} 个站点 ›
                    </ActionLink>
                  ) : (
                    `${card.sites.length} 个站点`
                  )
                ) : (
                  (card.sites[0]?.siteName ?? '--')
                ),
            },
            { label: '计费标准', value: fee ? fee.priceDesc : store.fee.failed ? '--' : '加载中…' },
            ...(card.cardType === 2
              ? [
                  { label: '每日限充', value: card.dailyTimesLimit ? `${card.dailyTimesLimit} 次` : '--' },
                  {
                    label: '单次最长',
                    value: card.maxMinutesPerCharge ? `${card.maxMinutesPerCharge / 60} 小时` : '--',
                  },
                  { label: '功率上限', value: card.maxPowerW ? `${card.maxPowerW} W` : '--' },
                ]
              : []),
            { label: '激活时间', value: formatTime(card.activeTime) },
            { label: '最近使用', value: formatTime(card.lastUseTime) },
            { label: '累计充值', value: formatFen(card.totalRecharge), testId: 'total-recharge' },
            { label: '累计消费', value: formatFen(card.totalConsume) },
            { label: '充电次数', value: `${card.chargeCount} 次` },
            { label: '备注', value: card.remark || '--' },
          ]}
        />
      </section>
      {entries.length > 0 && (
        <section className={styles.card}>
          {entries.map((e) => (
            <RowLink key={e.label} to={e.to} className={styles.entry}>
              <span>{e.label}</span>
              <span className={styles.muted}>›</span>
            </RowLink>
          ))}
        </section>
      )}
      {store.buttons.length > 0 && (
        <BottomBar testId="card-actions">
          {store.buttons.map((a) => (
            <Button
              key={a}
              color={a === 'more' ? 'default' : a === 'freeze' || a === 'stop' ? 'warning' : 'primary'}
              fill={a === 'more' ? 'outline' : 'solid'}
              disabled={store.actions.anyBusy}
              onClick={() => void act(a)}
            >
              {LABELS[a]}
            </Button>
          ))}
        </BottomBar>
      )}
      {sheet === 'edit' && <EditSheet store={store} onClose={() => setSheet(null)} />}
      {sheet === 'reset' && (
        <ResetSheet
          store={store}
          onClose={() => setSheet(null)}
          onDone={() => {
            setSheet(null);
            toast('注销成功，卡片已恢复为未激活');
            void navigate(href('cardList', { cardType }), { replace: true });
          }}
        />
      )}
    </main>
  );
});

export default function CardInfoScreen() {
  const query = useCardQuery('cardInfo');
  if (!query) return null;
  return <CardInfo key={`${query.cardType}-${query.cardId}`} cardType={query.cardType} cardId={query.cardId} />;
}
