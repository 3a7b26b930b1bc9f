import { Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SITE_BILL_STATUS_LABELS } from '@/api/income-rules';
import type { SiteBillDetail } from '@/api/statements';
import { toast } from '@/components/feedback';
import { EntryLink } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { telHref } from '@/lib/safe-url';
import { formatKwh } from '@/lib/time';
import { Block, Failed, Loading, Page } from '@/sections/income/parts';
import s from '@/sections/income/statement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { siteBillDetailStore } from '@/stores/screens/income/statement';

/**
 * /income/statement/bill/siteBill/detail — 账单详情 (D-income.md §4): one site's bill of one month — the head (site,
 * month, bill number, status, property with a tap-to-call phone, agent), the breakdown from 营业额 to 运营商净收入 (电费 =
 * kWh × price of the site's cost-bearing setting, what the splits settled and what is still to pay offline; a
 * property sees only its share and the electricity), the days, 导出账单 and 查看站点收入. A missing id toasts 参数错误
 * and goes back; a bill out of reach shows 账单不存在或无权查看.
 */

function Breakdown({ b, property }: { b: SiteBillDetail; property: boolean }) {
  const electricity = (
    <>
      <dt>
        电费（{formatKwh(b.energy)} kWh × {formatFen(b.electricPrice)}/kWh）
      </dt>
      <dd>{formatFen(-b.electricityFee)}</dd>
      <dt>{property ? '已结' : '已随分账结算'}</dt>
      <dd>{formatFen(b.settledElectricityFee)}</dd>
      <dt>{property ? '待运营商支付' : '待结电费（线下支付）'}</dt>
      <dd>{formatFen(b.unsettledElectricityFee)}</dd>
    </>
  );
  if (property) {
    return (
      <dl className={s.lines}>
        <dt>营业额</dt>
        <dd>{formatFen(b.grossIncome)}</dd>
        <dt>分润比例</dt>
        <dd>{(b.propertyShareRate / 100).toFixed(2)}%</dd>
        <dt className={s.total}>物业分润</dt>
        <dd className={s.total} data-testid="bill-share">
          {formatFen(b.propertyShareAmount)}
        </dd>
        {electricity}
      </dl>
    );
  }
  return (
    <dl className={s.lines}>
      <dt>充电收入</dt>
      <dd>{formatFen(b.chargeIncome)}</dd>
      <dt>储值卡充值</dt>
      <dd>{formatFen(b.valueCardIncome)}</dd>
      <dt>月卡收入</dt>
      <dd>{formatFen(b.monthCardIncome)}</dd>
      <dt>投币收入（现金）</dt>
      <dd>{formatFen(b.coinIncome)}</dd>
      <dt>退款</dt>
      <dd>{formatFen(-b.refundAmount)}</dd>
      <dt className={s.total}>营业额</dt>
      <dd className={s.total} data-testid="bill-gross">
        {formatFen(b.grossIncome)}
      </dd>
      <dt>物业分润（{(b.propertyShareRate / 100).toFixed(2)}%）</dt>
      <dd>{formatFen(-b.propertyShareAmount)}</dd>
      <dt>其他分润方</dt>
      <dd>{formatFen(-(b.superiorShareAmount ?? 0))}</dd>
      <dt>平台分账</dt>
      <dd>{formatFen(-(b.platformFee ?? 0))}</dd>
      <dt>支付手续费</dt>
      <dd>{formatFen(-(b.channelFee ?? 0))}</dd>
      {electricity}
      <dt className={s.total}>运营商净收入（含投币现金）</dt>
      <dd className={s.total} data-testid="bill-net">
        {formatFen(b.netIncome)}
      </dd>
    </dl>
  );
}

const Detail = observer(function Detail({ id }: { id: number }) {
  const store = useScreenStore(siteBillDetailStore, id);
  useEffect(() => {
    void store.bill.load();
  }, [store]);
  const b = store.bill.data;
  if (!b) {
    return (
      <Page testId="site-bill-detail">
        {store.bill.failed ? (
          <Failed text="账单不存在或无权查看" onRetry={() => void store.bill.load()} />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  const property = store.propertyView;
  return (
    <Page testId="site-bill-detail">
      <Block>
        <div className={s.rowHead}>
          <span>{b.siteName}</span>
          <Tag color={b.status === 1 ? 'primary' : 'success'} fill="outline">
            {SITE_BILL_STATUS_LABELS[b.status]}
          </Tag>
        </div>
        <div className={s.rowLine}>
          <span>{b.month} 账单</span>
          <span>{b.billNo}</span>
        </div>
        {b.merchantName && (
          <div className={s.rowLine}>
            <span>物业 {b.merchantName}</span>
            {b.merchantPhone && (
              <a className={s.link} href={telHref(b.merchantPhone)}>
                {b.merchantContacts} {b.merchantPhone}
              </a>
            )}
          </div>
        )}
        {b.agentName && <div className={s.rowLine}>代理商 {b.agentName}</div>}
      </Block>
      <Block title="账单明细" testId="bill-breakdown">
        <Breakdown b={b} property={property} />
      </Block>
      <Block title="每日明细">
        <table className={s.table} data-testid="bill-days">
          <thead>
            <tr>
              <th scope="col">日期</th>
              <th scope="col">订单</th>
              <th scope="col">电量 kWh</th>
              <th scope="col">营业额</th>
              <th scope="col">物业分润</th>
            </tr>
          </thead>
          <tbody>
            {b.days.map((d) => (
              <tr key={d.date}>
                <td>{d.date.slice(5)}</td>
                <td>{d.orderCount}</td>
                <td>{formatKwh(d.energy)}</td>
                <td>{formatFen(d.grossIncome)}</td>
                <td>{formatFen(d.propertyShareAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {b.days.length === 0 && <p className={s.empty}>本月暂无账单</p>}
      </Block>
      <div className={s.top}>
        <EntryLink to={href('exportFile', { type: 9, month: b.month, siteId: b.siteId })} className={s.link}>
          导出账单
        </EntryLink>
        {!property && (
          <EntryLink to={href('siteIncomeList', { siteId: b.siteId })} className={s.link}>
            查看站点收入
          </EntryLink>
        )}
      </div>
    </Page>
  );
});

export default function SiteBillDetailPage() {
  const query = useRouteQuery('siteBillDetail');
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
