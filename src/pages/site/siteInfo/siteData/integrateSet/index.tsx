import { Input, List } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { formatBp } from '../../../../../lib/rate';
import { formatFen } from '../../../../../lib/money';
import { useStores } from '../../../../../stores/root';
import { maskPhone } from '../../../../../stores/site-settings';
import { ShareSettingsStore } from '../../../../../stores/site-settings-share';
import { LoadFailed, PageLoading, PartyTag, Section, useLeaveGuard, useSiteIdParam, useSiteLoad } from '../settings-ui';
import { confirmRemove, CostRow, ShareActions, ShareHeader } from '../share-parts';

/**
 * /site/siteInfo/siteData/integrateSet — 综合分成 (B-site.md §4): one percentage per partner for all the site's income.
 * Party rows with a rate input (上级 rows read-only), the operator's remainder, the example, the cost-bearing row, the
 * property's rates on its other sites, 添加分成方 and 保存 (effective tomorrow; lowering the property → review).
 */

const PartyRows = observer(function PartyRows({ store }: { store: ShareSettingsStore }) {
  const editable = store.ctx.canEdit;
  const remainder = store.remainder.chargeRate;
  return (
    <List className="party-list" data-testid="party-list">
      {store.parties.map((p) => {
        const fixed = p.partyType === 5;
        return (
          <List.Item
            key={p.userId}
            prefix={<PartyTag type={p.partyType} />}
            description={maskPhone(p.phone)}
            extra={
              <span className="party-rate">
                {fixed || !editable ? (
                  <b>{p.rates.chargeRate}%</b>
                ) : (
                  <>
                    <Input
                      name={`rate-${p.userId}`}
                      className="rate-input"
                      inputMode="decimal"
                      value={p.rates.chargeRate}
                      onChange={(v) => store.setRate(p.userId, 'chargeRate', v)}
                      aria-label={`${p.name}分成比例`}
                    />
                    %
                    <DeleteOutline
                      className="party-delete"
                      role="button"
                      aria-label={`删除${p.name}`}
                      onClick={() => void confirmRemove(store, p.userId)}
                    />
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
          <span className={remainder !== null && remainder < 0 ? 'party-rate danger' : 'party-rate'}>
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
    <p className="share-example">
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
        <p className="settings-tip">加载中...</p>
      ) : !rows || rows.length === 0 ? (
        <p className="settings-tip">{store.peers.failed ? '--' : '该物业暂无其他站点'}</p>
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

const IntegrateSetPage = observer(function IntegrateSetPage() {
  const root = useStores();
  const siteId = useSiteIdParam();
  const [store] = useState(() => (siteId === null ? null : new ShareSettingsStore(root, siteId, 2)));
  useSiteLoad(siteId, store);
  useLeaveGuard(() => store?.dirty === true);
  if (!store) return <PageLoading />;
  if (store.ctx.site.failed || store.ctx.versions.failed) return <LoadFailed onRetry={() => void store.load()} />;
  if (!store.ctx.working) return <PageLoading />;
  return (
    <main className="settings-page" data-testid="integrate-set">
      <ShareHeader store={store} />
      <Section title="分成方">
        {store.parties.length === 0 && <p className="settings-tip">暂无分成方，全部收入归运营商</p>}
        <PartyRows store={store} />
        {store.hasZeroRate && <p className="settings-warning">比例为0的分成方不会获得收入</p>}
        <Example store={store} />
      </Section>
      <CostRow store={store} />
      <Peers store={store} />
      <ShareActions store={store} />
    </main>
  );
});

export default IntegrateSetPage;
