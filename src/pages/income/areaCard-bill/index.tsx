import { Tag } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import {
  getAreaCardReleases,
  type AreaCardFreeze,
  type AreaCardFreezePage,
  type AreaCardRelease,
} from '@/api/statements';
import { AREA_FREEZE_STATUS_LABELS } from '@/api/income-rules';
import { showAlert } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { Progress } from '@/components/progress';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime, shiftMonth } from '@/lib/time';
import { Block, Page } from '@/sections/income/parts';
import s from '@/sections/income/statement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { areaCardBillStore, FREEZE_STATUSES, type AreaCardBillStore } from '@/stores/screens/income/statement';

/**
 * /income/areaCard-bill — 充值冻结记录 (D-income.md §4): area value-card recharges held in the wallet's cardFrozenAmount
 * and released as riders spend them — the header (冻结中 from the wallet, 近30天充值 of area cards, ⓘ), status chips and
 * the month, the filter's sums, and the records (card, area, masked phone, 充值 / 已解冻 / 剩余 with a progress bar and
 * status); a tap expands its releases (time, site, order, 解冻, 入账; a release opens its charging order). Query
 * `freezeId` shows that record expanded.
 */

const INFO =
  '区域储值卡可在区域内多个站点使用，充值款先冻结，用户每次刷卡消费后按消费站点的分润规则解冻入账；用户退卡时从冻结金额中原路退回。';
/** The records' status tags: the words of AREA_FREEZE_STATUS_LABELS, the colour repeating them. */
const TAGS: Record<AreaCardFreeze['status'], { text: string; color: 'primary' | 'warning' | 'success' | 'default' }> = {
  1: { text: AREA_FREEZE_STATUS_LABELS[1], color: 'primary' },
  2: { text: AREA_FREEZE_STATUS_LABELS[2], color: 'warning' },
  3: { text: AREA_FREEZE_STATUS_LABELS[3], color: 'success' },
  4: { text: AREA_FREEZE_STATUS_LABELS[4], color: 'default' },
};

function Releases({ freezeId }: { freezeId: number }) {
  return (
    <PagedList<AreaCardRelease>
      testId={`area-releases-${freezeId}`}
      fetchPage={(pageNum, pageSize) => getAreaCardReleases(freezeId, { pageNum, pageSize })}
      itemKey={(r) => r.id}
      estimateSize={56}
      skeletonRows={2}
      renderItem={(r) => (
        <EntryLink to={href('chargerRecordInfo', { orderId: r.chargeOrderId })} className={s.row}>
          <div className={s.rowLine}>
            <span>{formatTime(r.createTime, 'MM-DD HH:mm')}</span>
            <span>{r.siteName}</span>
            <span>{r.orderNo}</span>
          </div>
          <div className={s.rowLine}>
            <span>
              解冻 <b>{formatFen(r.amount)}</b>
            </span>
            <span>
              入账 <b>{formatFen(r.credited)}</b>
            </span>
          </div>
        </EntryLink>
      )}
      empty={<p className={s.empty}>暂无解冻记录</p>}
    />
  );
}

const FreezeRow = observer(function FreezeRow({ f, store }: { f: AreaCardFreeze; store: AreaCardBillStore }) {
  const open = store.expanded === f.id;
  const tag = TAGS[f.status];
  return (
    <div>
      <button type="button" className={s.expand} aria-expanded={open} onClick={() => store.toggle(f.id)}>
        <div className={s.rowHead}>
          <span>
            {f.cardNo} · 区域卡 · <span className="nowrap">{f.areaName}</span>
          </span>
          <Tag color={tag.color} fill="outline">
            {tag.text}
          </Tag>
        </div>
        <div className={s.rowLine}>
          <span>{f.userPhone}</span>
          <span>{formatTime(f.payTime)}</span>
        </div>
        <div className={s.rowLine}>
          <span>
            充值 <b>{formatFen(f.amount)}</b>
          </span>
          <span>
            已解冻 <b>{formatFen(f.releasedAmount)}</b>
          </span>
          <span>
            剩余 <b className={s.total}>{formatFen(f.remainingAmount)}</b>
          </span>
        </div>
        <Progress percent={f.amount > 0 ? Math.floor((f.releasedAmount * 100) / f.amount) : 0} label="已解冻进度" />
      </button>
      {open && <Releases freezeId={f.id} />}
    </div>
  );
});

const AreaCardBill = observer(function AreaCardBill({ store }: { store: AreaCardBillStore }) {
  const sum = store.sum;
  const month = store.month;
  return (
    <Page testId="area-card-bill">
      <Block>
        <div className={s.rowHead}>
          <span>
            冻结中 <b data-testid="area-frozen">{formatFen(store.balance.data?.cardFrozenAmount)}</b>
          </span>
          <button
            type="button"
            className={s.arrow}
            aria-label="区域卡冻结说明"
            onClick={() => void showAlert({ title: '充值冻结说明', html: INFO })}
          >
            <InformationCircleOutline />
          </button>
        </div>
        <p className={s.note}>近30天充值 {formatFen(store.recent.data?.valueCardIncome)}</p>
      </Block>
      <div className={s.top}>
        <Segmented<string>
          label="冻结状态"
          variant="chips"
          options={FREEZE_STATUSES}
          value={String(store.status)}
          onChange={(key) => store.setStatus(Number(key))}
        />
      </div>
      <div className={s.daySwitch}>
        <button
          type="button"
          className={s.arrow}
          aria-label="上个月"
          onClick={() => store.setMonth(shiftMonth(month ?? store.today.slice(0, 7), month ? -1 : 0))}
        >
          ‹
        </button>
        <button type="button" className={s.link} onClick={() => store.setMonth(null)}>
          {month ?? '全部月份'}
        </button>
        <button
          type="button"
          className={s.arrow}
          aria-label="下个月"
          disabled={month === null || month >= store.today.slice(0, 7)}
          onClick={() => month && store.setMonth(shiftMonth(month, 1))}
        >
          ›
        </button>
      </div>
      {sum && (
        <p className={s.strip} data-testid="area-sum">
          充值 {formatFen(sum.amount)} · 已解冻 {formatFen(sum.releasedAmount)} · 已退款 {formatFen(sum.refundedAmount)}{' '}
          · 剩余冻结 {formatFen(sum.remainingAmount)}
        </p>
      )}
      <Block>
        <PagedList<AreaCardFreeze, AreaCardFreezePage>
          testId="area-freezes"
          fetchPage={(pageNum, pageSize) => store.fetchPage(pageNum, pageSize)}
          watch={store.watch}
          onPage={(page) => store.onPage(page)}
          itemKey={(f) => f.id}
          estimateSize={120}
          renderItem={(f) => <FreezeRow f={f} store={store} />}
          empty={<p className={s.empty}>暂无区域卡充值冻结记录</p>}
        />
      </Block>
    </Page>
  );
});

export default function AreaCardBillPage() {
  const query = useRouteQuery('areaCardBill');
  const store = useScreenStore(areaCardBillStore, query?.freezeId ?? null);
  useEffect(() => {
    store.load();
  }, [store]);
  return <AreaCardBill store={store} />;
}
