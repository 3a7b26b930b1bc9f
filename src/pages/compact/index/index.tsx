import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { HeldStatus } from '@/api/compact';
import { Segmented } from '@/components/segmented';
import { href, pathOf } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { Card, SettlePage } from '@/sections/home/settlement';
import c from '@/sections/home/compact.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { compactStore, HELD_CHIPS } from '@/stores/screens/home/compact';

/**
 * /compact/index — 未签约订单 (A-shell-home-settlement.md §6), the frame of its two lists (order-list, recharge-list;
 * /compact/index itself opens order-list): the explanation banner, 待结算 ¥amount · n笔 with the button by signStatus
 * (0/3 立即签约 → /income/sign-agree with sign info {signStatus, backUrl}; 1 签约审核中, disabled; 2 none, 签约已完成，订单补结算中),
 * the tabs 充电订单(n) | 充值订单(n) and the status chips 待签约 / 已补结算 / 已退回 the lists share.
 */

type HeldTab = 'orders' | 'recharges';

const CompactLayout = observer(function CompactLayout() {
  const store = useScreenStore(compactStore);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    void store.load();
  }, [store]);
  if (pathname.replace(/\/$/, '') === pathOf('compact')) return <Navigate to={href('compactOrders')} replace />;
  const counts = store.counts.data;
  const tab: HeldTab = pathname.endsWith('/recharge-list') ? 'recharges' : 'orders';
  const action = store.signAction;
  return (
    <SettlePage testId="compact">
      <p className={c.banner}>
        因您尚未完成电子协议签署，以下订单资金暂由支付机构托管，无法结算至您的账户。完成签约后将自动补结算；超过15天仍未签约的订单将原路退回用户。
      </p>
      <Card>
        <div className={c.summary}>
          <div>
            <span className={c.muted}>待结算</span>
            <div className={c.amount} data-testid="compact-amount">
              {formatFen(counts?.amount)}
            </div>
            <span className={c.muted} data-testid="compact-total">
              {counts ? `${counts.total}笔` : '--'}
            </span>
          </div>
          {action === 'sign' && (
            <Button
              color="primary"
              onClick={() => {
                store.prepareSign();
                void navigate(href('signAgree'));
              }}
            >
              立即签约
            </Button>
          )}
          {action === 'reviewing' && (
            <Button color="primary" disabled>
              签约审核中
            </Button>
          )}
          {action === 'done' && <span className={c.muted}>签约已完成，订单补结算中</span>}
        </div>
      </Card>
      <div className={c.bar}>
        <Segmented<HeldTab>
          block
          label="订单类型"
          options={[
            { key: 'orders', label: `充电订单(${counts?.chargeOrderCount ?? 0})` },
            { key: 'recharges', label: `充值订单(${counts?.rechargeOrderCount ?? 0})` },
          ]}
          value={tab}
          onChange={(key) =>
            void navigate(href(key === 'orders' ? 'compactOrders' : 'compactRecharges'), { replace: true })
          }
        />
        <Segmented<string>
          label="订单状态"
          variant="chips"
          options={HELD_CHIPS}
          value={String(store.status)}
          onChange={(key) => store.setStatus(Number(key) as HeldStatus)}
        />
      </div>
      <Card>
        <Outlet />
      </Card>
    </SettlePage>
  );
});

export default CompactLayout;
