import { PullToRefresh } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { DetailFailed, DetailLoading, Rows } from '@/sections/mine/card-parts';
import { SimStatusTag } from '@/sections/mine/sim-parts';
import styles from '@/sections/mine/riders.module.css';
import local from '@/sections/mine/sim.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { simStore, type SimStore } from '@/stores/screens/mine/sim';

/**
 * /mine/sim/index — 本期月租 (C-mine.md; Business rule 22): the arrears banner while any arrears are open (withdrawals
 * are refused meanwhile; 去缴费 → /income/feeOwedDetail), this month's bill (账期, 计费设备, 单价, 本期月租, status, what
 * was frozen from the available balance and when), 冻结合计 (the wallet's whole frozen amount: SIM rent and
 * instalments), the bill's sites, the rule, and the entries to 结算记录 and 往期结算记录; pull-to-refresh.
 */

const Banner = observer(function Banner({ store }: { store: SimStore }) {
  const { session } = useStores();
  if (store.oweAmount <= 0) return null;
  // /income/feeOwedDetail needs `settlement` (D-income.md §0.4): without it the banner tells, and leads nowhere.
  if (!session.can('settlement')) {
    return (
      <p className={local.banner} data-testid="sim-owe-banner">
        <span>您有欠费 {formatFen(store.oweAmount)}，欠费期间无法提现</span>
      </p>
    );
  }
  return (
    <EntryLink to={href('feeOwedDetail')} className={local.banner} testId="sim-owe-banner">
      <span>您有欠费 {formatFen(store.oweAmount)}，欠费期间无法提现</span>
      <b>去缴费 ›</b>
    </EntryLink>
  );
});

const Period = observer(function Period({ store }: { store: SimStore }) {
  const bill = store.bill.data;
  const frozen = store.frozen.data;
  if (!bill) {
    return (
      <section className={styles.card} aria-label="本期月租">
        <p className={styles.center} data-testid="sim-empty">
          暂无需缴纳月租的设备
        </p>
      </section>
    );
  }
  return (
    <section className={styles.card} aria-label="本期月租" data-testid="sim-period">
      <div className={styles.itemHead}>
        <h2>账期 {bill.period}</h2>
        <SimStatusTag status={bill.status} />
      </div>
      <p className={local.big} data-testid="sim-amount">
        {formatFen(bill.amount)}
      </p>
      <Rows
        rows={[
          { label: '计费设备', value: `${bill.deviceCount} 台`, testId: 'sim-devices' },
          { label: '单价', value: `${formatFen(bill.unitPrice)}/台/月` },
          { label: '本期月租', value: formatFen(bill.amount) },
          {
            label: '已从可用余额冻结',
            value: (
              <>
                <span className="nowrap">{formatFen(bill.frozenAmount)}</span> ·{' '}
                <span className="nowrap">{formatTime(bill.frozenTime)}</span>
              </>
            ),
            testId: 'sim-frozen',
          },
          ...(bill.oweAmount > 0 ? [{ label: '欠费', value: formatFen(bill.oweAmount), testId: 'sim-owe' }] : []),
          { label: '冻结合计', value: frozen ? formatFen(frozen.totalFrozenAmount) : '--', testId: 'sim-total-frozen' },
        ]}
      />
    </section>
  );
});

const Sites = observer(function Sites({ store }: { store: SimStore }) {
  const items = store.bill.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.card} aria-label="站点明细">
      <h2>站点明细</h2>
      {items.map((i) => (
        <div key={i.siteId} className={styles.itemLine} data-testid={`sim-site-${i.siteId}`}>
          <span>{i.siteName}</span>
          <span>
            4G设备 {i.deviceCount} 台 · {formatFen(i.amount)}
          </span>
        </div>
      ))}
    </section>
  );
});

const SimIndex = observer(function SimIndex() {
  const store = useScreenStore(simStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  if (!store.bill.data && store.bill.pending) return <DetailLoading />;
  if (!store.bill.data && store.bill.failed) return <DetailFailed text="加载失败" onRetry={() => void store.load()} />;
  return (
    <main className={styles.page}>
      <PullToRefresh onRefresh={() => store.load()}>
        <Banner store={store} />
        <Period store={store} />
        <Sites store={store} />
        <section className={styles.card} aria-label="计费规则">
          <p className={local.note}>每月1日按在网4G设备数冻结当月月租，次月1日结算扣款；WiFi/蓝牙设备不收取</p>
        </section>
        <section className={styles.card} aria-label="结算记录">
          <RowLink to={href('simList')} className={local.entry} data-testid="sim-records">
            <span>结算记录</span>
            <span aria-hidden>›</span>
          </RowLink>
          <RowLink to={href('oldSim')} className={local.entry} data-testid="sim-old">
            <span>往期结算记录</span>
            <span aria-hidden>›</span>
          </RowLink>
        </section>
      </PullToRefresh>
    </main>
  );
});

export default SimIndex;
