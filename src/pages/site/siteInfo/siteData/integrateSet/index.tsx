import { Input, List } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { Button } from '@/components/button';
import { formatBp } from '@/lib/rate';
import { formatFen } from '@/lib/money';
import { maskPhone } from '@/lib/phone';
import { shareSettingsStore, type ShareSettingsStore } from '@/stores/screens/site/site-settings-share';
import { useScreenStore } from '@/stores/screen-store';
import { LoadGate, PartyTag, Section, useLeaveGuard, useLoadOrLeave, useSiteQuery } from '@/sections/site/settings-ui';
import { confirmRemove, ShareFrame } from '@/sections/site/share-parts';
import shared from '@/sections/site/settings.module.css';
import styles from './integrate-set.module.css';

/**
 * /site/siteInfo/siteData/integrateSet — 综合分成 (B-site.md §4): one percentage per partner for all the site's income.
 * Party rows with a rate input (上级 rows read-only), the operator's remainder, the example, the cost-bearing row, the
 * property's rates on its other sites, 添加分成方 and 保存 (effective tomorrow; lowering the property → review).
 */

const PartyRows = observer(function PartyRows({ store }: { store: ShareSettingsStore }) {
  const editable = store.ctx.canEdit;
  const remainder = store.remainder.chargeRate;
  return (
    <List data-testid="party-list">
      {store.parties.map((p) => {
        const fixed = p.partyType === 5;
        return (
          <List.Item
            key={p.userId}
            prefix={<PartyTag type={p.partyType} />}
            description={maskPhone(p.phone)}
            extra={
              <span className={styles.partyRate}>
                {fixed || !editable ? (
                  <b>{p.rates.chargeRate}%</b>
                ) : (
                  <>
                    <Input
                      name={`rate-${p.userId}`}
                      className={styles.rateInput}
                      inputMode="decimal"
                      value={p.rates.chargeRate}
                      onChange={(v) => store.setRate(p.userId, 'chargeRate', v)}
                      aria-label={`${p.name}分成比例`}
                    />
                    %
                    <Button
                      size="mini"
                      fill="none"
                      className={shared.partyDelete}
                      aria-label={`删除${p.name}`}
                      onClick={() => void confirmRemove(store, p.userId)}
                    >
                      <DeleteOutline />
                    </Button>
                  </>
                )}
              </span>
            }
          >
            {p.name}
          </List.Item>
        );
      })}
      <List.Item
        extra={
          <span className={clsx(styles.partyRate, remainder !== null && remainder < 0 && styles.danger)}>
            剩余 <b data-testid="operator-remainder">{remainder === null ? '--' : formatBp(remainder)}</b>
          </span>
        }
      >
        运营商（我）
      </List.Item>
    </List>
  );
});

const Example = observer(function Example({ store }: { store: ShareSettingsStore }) {
  const rows = store.example;
  return (
    <p className={styles.shareExample}>
      站点收入 ¥100.00 时：{rows ? rows.map((r) => `${r.label} ${formatFen(r.fen)}`).join(' · ') : '--'}
      （未计电费等成本）
    </p>
  );
});

const Peers = observer(function Peers({ store }: { store: ShareSettingsStore }) {
  if (!store.ctx.hasProperty) return null;
  const rows = store.peers.data;
  return (
    <Section title="该物业其他站点分成比例">
      {store.peers.pending ? (
        <p className={shared.tip}>加载中...</p>
      ) : !rows || rows.length === 0 ? (
        <p className={shared.tip}>{store.peers.failed ? '--' : '该物业暂无其他站点'}</p>
      ) : (
        <List>
          {rows.map((r) => (
            <List.Item key={r.siteId} extra={r.rates}>
              {r.siteName}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
});

const IntegrateSetPage = observer(function IntegrateSetPage({ siteId }: { siteId: number }) {
  const store = useScreenStore(shareSettingsStore, siteId, 2);
  useLoadOrLeave(store);
  useLeaveGuard(() => store.dirty);
  if (!store.ctx.working) {
    return <LoadGate failed={store.ctx.failed} onRetry={() => void store.load()} />;
  }
  return (
    <ShareFrame store={store} testId="integrate-set" note={<Example store={store} />} after={<Peers store={store} />}>
      <PartyRows store={store} />
    </ShareFrame>
  );
});

/** 综合分成 of the route's site (a missing siteId goes back to /site). */
export default function IntegrateSetScreen() {
  const query = useSiteQuery('siteIntegrateSet');
  return query && <IntegrateSetPage siteId={query.siteId} />;
}
