import { Progress } from '@/components/progress';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getDeductionItems, type DeductionInfo, type DeductionItem } from '@/api/settlement';
import { showAlert, toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { Card, DEDUCTION_TAGS, Failed, Loading, SettlePage, StatusTag } from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { progressPercent, stageInfoStore } from '@/stores/screens/home/settlement';

/**
 * /stages/stageInfo — 结算扣款详情 (A-shell-home-settlement.md §4): one monthly deduction — the head (status, 实扣, plan,
 * contract, site, cycle, period; while 冻结中 预计 {date} 结算 and — for what is not known yet), the breakdown (本期应还,
 * 追缴欠费, 应扣合计, 已冻结, 实扣, 解冻返还 with its ⓘ, 新增欠费, 结算时间), the plan's progress and the sites of the
 * deduction. A missing or invalid `id` toasts 参数错误 and goes back.
 */

const money = (fen: number, open: boolean) => (open ? '—' : formatFen(fen));

function Breakdown({ d }: { d: DeductionInfo }) {
  const open = d.status === 1;
  return (
    <Card title="扣款明细">
      <dl className={s.fields} data-testid="stage-breakdown">
        <dt>本期应还</dt>
        <dd>{formatFen(d.periodAmount)}</dd>
        <dt>追缴欠费</dt>
        <dd>{formatFen(d.arrearsAmount)}</dd>
        <dt>应扣合计</dt>
        <dd>{formatFen(d.dueAmount)}</dd>
        <dt>已冻结</dt>
        <dd data-testid="stage-frozen">{formatFen(d.frozenAmount)}</dd>
        <dt>实扣</dt>
        <dd>{money(d.deductedAmount, open)}</dd>
        <dt>
          解冻返还{' '}
          <button
            type="button"
            className={s.link}
            aria-label="解冻返还说明"
            onClick={() =>
              void showAlert({ title: '解冻返还', html: '结算后多冻结的金额将自动解冻至可用余额，可随时提现' })
            }
          >
            <InformationCircleOutline />
          </button>
        </dt>
        <dd>
          {money(d.unfrozenAmount, open)}
          {!open && <span className={s.muted}>（返还至可用余额）</span>}
        </dd>
        <dt>新增欠费</dt>
        <dd className={d.oweAmount > 0 ? s.danger : undefined}>{money(d.oweAmount, open)}</dd>
        <dt>结算时间</dt>
        <dd>{d.settleTime ? formatTime(d.settleTime) : '—'}</dd>
      </dl>
    </Card>
  );
}

function ItemRow({ i }: { i: DeductionItem }) {
  return (
    <div className={s.row}>
      <div className={s.rowHead}>
        <span>{i.siteName}</span>
        <span className={s.muted}>比例 {i.proportion}%</span>
      </div>
      <div className={s.rowLine}>
        <span>
          本期收入 <b>{formatFen(i.income)}</b>
        </span>
        <span>
          冻结 <b>{formatFen(i.frozenAmount)}</b>
        </span>
        <span>
          扣款 <b>{formatFen(i.deductedAmount)}</b>
        </span>
        <span>
          解冻 <b>{formatFen(i.unfrozenAmount)}</b>
        </span>
      </div>
    </div>
  );
}

const Detail = observer(function Detail({ id }: { id: number }) {
  const store = useScreenStore(stageInfoStore, id);
  useEffect(() => {
    void store.info.load();
  }, [store]);
  const d = store.info.data;
  if (!d) {
    return store.info.failed ? <Failed onRetry={() => void store.info.load()} /> : <Loading />;
  }
  const open = d.status === 1;
  return (
    <SettlePage testId="stage-info">
      <Card>
        <div className={s.rowHead}>
          <StatusTag of={DEDUCTION_TAGS[d.status]} />
          {open && <span className={s.muted}>预计 {d.nextSettleDate} 结算</span>}
        </div>
        <span className={s.label}>实扣</span>
        <div className={s.big} data-testid="stage-deducted">
          {money(d.deductedAmount, open)}
        </div>
        <div className={s.rowLine}>
          <b>{d.title}</b>
          {d.contractNo && <span>合同编号 {d.contractNo}</span>}
          <span>{d.siteName}</span>
          <span>{d.cycle}</span>
          <span>
            第{d.periodNo}/{d.totalPeriods}期
          </span>
        </div>
      </Card>
      <Breakdown d={d} />
      <Card title="分期进度">
        <dl className={s.fields}>
          <dt>分期总额</dt>
          <dd>{formatFen(d.plan.financedAmount)}</dd>
          <dt>已还</dt>
          <dd>{formatFen(d.plan.paidAmount)}</dd>
          <dt>剩余</dt>
          <dd>{formatFen(d.plan.remainingAmount)}</dd>
          <dt>冻结比例</dt>
          <dd>{d.plan.proportion}%</dd>
        </dl>
        <p className={s.line}>
          已还{d.plan.paidPeriods}/{d.plan.totalPeriods}期
        </p>
        <Progress percent={progressPercent(d.plan.paidAmount, d.plan.financedAmount)} label="分期已还进度" />
      </Card>
      <Card title="站点明细">
        <PagedList<DeductionItem>
          testId="stage-items"
          fetchPage={(pageNum, pageSize) => getDeductionItems(id, { pageNum, pageSize })}
          itemKey={(i) => i.siteId}
          estimateSize={72}
          renderItem={(i) => <ItemRow i={i} />}
          empty={<p className={s.empty}>暂无站点明细</p>}
        />
      </Card>
    </SettlePage>
  );
});

export default function StageInfo() {
  const query = useRouteQuery('stageInfo');
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (query || left.current) return;
    left.current = true;
    toast('参数错误');
    void navigate(-1);
  }, [query, navigate]);
  if (!query) return null;
  return <Detail id={query.id} />;
}
