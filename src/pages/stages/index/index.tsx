import { Popup, PullToRefresh } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { Button } from '@/components/button';
import { Progress } from '@/components/progress';
import { DownOutline, InformationCircleOutline, UpOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getArrearsList, type ArrearsRecord } from '@/api/arrears';
import { getInstalmentPlans, type InstalmentPlan } from '@/api/settlement';
import { ARREARS_STATUS_LABELS } from '@/api/settlement-rules';
import { showAlert } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { Card, Failed, Figure, Loading, PLAN_TAGS, SettlePage, StatusTag } from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { progressPercent, stagesStore, type StagesStore } from '@/stores/screens/home/settlement';

/**
 * /stages/index — 结算中心 (A-shell-home-settlement.md §4, settleMode 1): this cycle's due (ⓘ explains it), frozen, still
 * to freeze and arrears with the progress bar and the cycle line; the red arrears notice opening the arrears sheet;
 * the collapsible per-site freezes; the plans by tab (全部 | 设备分期 | 合同分期) with their progress, each opening its
 * deduction records; the cells 结算记录 and 往期结算记录. settleMode 2 and 0 replace the page as designed.
 */

type PlanTab = 'all' | '1' | '2';
const TABS: readonly { key: PlanTab; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: '1', label: '设备分期' },
  { key: '2', label: '合同分期' },
];

const SOURCE: Record<1 | 2 | 3, string> = { 1: '设备分期', 2: '合同分期', 3: 'SIM月租' };

const Summary = observer(function Summary({ store }: { store: StagesStore }) {
  const f = store.frozen.data;
  const cycle = store.cycle.data;
  const owe = store.owe.data;
  if (!f && store.frozen.failed) return <Failed onRetry={() => void store.load()} />;
  if (!f) return <Loading />;
  return (
    <Card testId="stages-summary">
      <span className={s.label}>
        本期应扣(元){' '}
        <button
          type="button"
          className={s.link}
          aria-label="本期应扣说明"
          onClick={() => void showAlert({ title: '本期应扣', html: '本期应扣 = 各分期本期应还 + 待追缴欠费' })}
        >
          <InformationCircleOutline />
        </button>
      </span>
      <div className={s.big} data-testid="stages-due">
        {formatFen(f.dueAmount)}
      </div>
      <div className={s.figures}>
        <Figure label="已冻结" fen={f.frozenAmount} testId="stages-frozen" />
        <Figure label="待冻结" fen={f.remainAmount} testId="stages-remain" />
        <Figure label="欠费" fen={owe?.oweAmount} danger={(owe?.oweAmount ?? 0) > 0} testId="stages-owe" />
      </div>
      <Progress percent={progressPercent(f.frozenAmount, f.dueAmount)} label="已冻结进度" />
      <p className={s.line} data-testid="stages-cycle">
        {cycle ? `结算周期 ${cycle.startDate} 至 ${cycle.endDate}，${cycle.nextSettleDate} 结算` : '\u00a0'}
      </p>
    </Card>
  );
});

function ArrearsRow({ a }: { a: ArrearsRecord }) {
  return (
    <div className={s.row}>
      <div className={s.rowHead}>
        <span>
          {a.cycle} · {SOURCE[a.source]}
        </span>
        <span className={a.status === 3 ? undefined : s.danger}>{ARREARS_STATUS_LABELS[a.status]}</span>
      </div>
      <div className={s.rowLine}>
        {a.planNo && <span>{a.planNo}</span>}
        {a.siteName && <span>{a.siteName}</span>}
        <span>
          欠费 <b>{formatFen(a.amount)}</b>
        </span>
        <span>
          已追缴 <b>{formatFen(a.repaidAmount)}</b>
        </span>
        <span>产生时间 {formatTime(a.createTime)}</span>
      </div>
    </div>
  );
}

/** The arrears sheet (70 % height, infinite scroll). */
function ArrearsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={s.sheet} ref={box} data-testid="arrears-sheet">
        <h2 className={s.sheetTitle}>欠费记录</h2>
        {open && (
          <PagedList<ArrearsRecord>
            testId="arrears-list"
            scrollParent={box}
            fetchPage={(pageNum, pageSize) => getArrearsList({ pageNum, pageSize })}
            itemKey={(a) => a.id}
            estimateSize={88}
            renderItem={(a) => <ArrearsRow a={a} />}
            empty={<p className={s.empty}>暂无欠费</p>}
          />
        )}
      </div>
    </Popup>
  );
}

const OweNotice = observer(function OweNotice({ store, onOpen }: { store: StagesStore; onOpen: () => void }) {
  const owe = store.owe.data;
  if (!owe || owe.oweAmount <= 0) return null;
  return (
    <div className={s.notice} data-testid="stages-owe-notice">
      <span>欠费将优先从后续收入中冻结扣除</span>
      <button type="button" className={s.link} onClick={onOpen}>
        欠费记录({owe.count})
      </button>
    </div>
  );
});

const FrozenSites = observer(function FrozenSites({ store }: { store: StagesStore }) {
  const sites = store.sites.data;
  return (
    <Card
      title="冻结明细"
      extra={
        <button
          type="button"
          className={s.link}
          onClick={() => store.toggleDetail()}
          aria-expanded={store.detailOpen}
          data-testid="frozen-toggle"
        >
          {store.detailOpen ? (
            <>
              收起 <UpOutline />
            </>
          ) : (
            <>
              展开 <DownOutline />
            </>
          )}
        </button>
      }
    >
      {store.detailOpen &&
        (sites === null ? (
          store.sites.failed ? (
            <Failed onRetry={() => void store.sites.load()} />
          ) : (
            <Loading />
          )
        ) : sites.length === 0 ? (
          <p className={s.muted}>本期暂无冻结</p>
        ) : (
          <div data-testid="frozen-sites">
            {sites.map((x) => (
              <div key={x.siteId} className={s.rowLine}>
                <b>{x.siteName}</b>
                <span>本期收入 {formatFen(x.income)}</span>
                <span>冻结比例 {x.proportion}%</span>
                <span>
                  已冻结 <b>{formatFen(x.frozenAmount)}</b>
                </span>
              </div>
            ))}
          </div>
        ))}
    </Card>
  );
});

function PlanRow({ p }: { p: InstalmentPlan }) {
  return (
    <RowLink
      to={href('stagesList', { planId: p.id, title: p.title })}
      className={s.row}
      data-testid={`plan-row-${p.id}`}
    >
      <div className={s.rowHead}>
        <span>{p.title}</span>
        <StatusTag of={PLAN_TAGS[p.status]} />
      </div>
      <div className={s.rowLine}>
        {p.contractNo && <span>合同编号 {p.contractNo}</span>}
        <span>{p.siteName}</span>
        <span>
          第{p.paidPeriods}/{p.totalPeriods}期
        </span>
      </div>
      <div className={s.rowLine}>
        <span>
          本期应扣 <b>{formatFen(p.currentDue)}</b>
        </span>
        <span>
          已冻结 <b>{formatFen(p.currentFrozen)}</b>
        </span>
        <span>
          剩余未还 <b>{formatFen(p.remainingAmount)}</b>
        </span>
      </div>
      <Progress percent={progressPercent(p.paidAmount, p.financedAmount)} label={`${p.title}已还进度`} />
    </RowLink>
  );
}

const Centre = observer(function Centre() {
  const store = useScreenStore(stagesStore);
  const [tab, setTab] = useState<PlanTab>('all');
  const [sheet, setSheet] = useState(false);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <SettlePage testId="stages">
      <PullToRefresh onRefresh={() => store.load()}>
        <Summary store={store} />
        <OweNotice store={store} onOpen={() => setSheet(true)} />
        <FrozenSites store={store} />
        <Card>
          <Segmented options={TABS} value={tab} onChange={setTab} label="分期类型" block />
          <PagedList<InstalmentPlan>
            testId="plan-list"
            pageSize={10}
            watch={[tab, store.generation]}
            fetchPage={(pageNum, pageSize) =>
              getInstalmentPlans(tab === 'all' ? 'all' : tab === '1' ? 1 : 2, { pageNum, pageSize })
            }
            itemKey={(p) => p.id}
            estimateSize={132}
            renderItem={(p) => <PlanRow p={p} />}
            empty={<p className={s.empty}>暂无分期项目</p>}
          />
        </Card>
        <Card>
          <RowLink to={href('stagesList', {})} className={s.row} data-testid="cell-records">
            <div className={s.rowHead}>
              <span>结算记录</span>
              <span aria-hidden>›</span>
            </div>
          </RowLink>
          <RowLink to={href('oldStages')} className={s.row} data-testid="cell-old">
            <div className={s.rowHead}>
              <span>往期结算记录</span>
              <span aria-hidden>›</span>
            </div>
          </RowLink>
        </Card>
      </PullToRefresh>
      <ArrearsSheet open={sheet} onClose={() => setSheet(false)} />
    </SettlePage>
  );
});

/** The page by settleMode: 1 the centre; 2 the switch to the platform fee; 0 nothing to settle. */
const Stages = observer(function Stages() {
  const store = useScreenStore(stagesStore);
  const navigate = useNavigate();
  if (store.settleMode === 2) {
    return (
      <SettlePage testId="stages-mode2">
        <div className={s.empty}>
          <p>您的账户已切换为分账扣款模式</p>
          <Button color="primary" onClick={() => void navigate(href('platformFeeCurrent'))}>
            查看平台费
          </Button>
        </div>
      </SettlePage>
    );
  }
  if (store.settleMode === 0) {
    return (
      <SettlePage testId="stages-none">
        <p className={s.empty}>暂无需要结算的项目</p>
      </SettlePage>
    );
  }
  return <Centre />;
});

export default Stages;
