import { Dialog, Input } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { RATE_COLUMNS, SHARE_MESSAGES, type RateKey } from '../../../../../api/site-settings-rules';
import { formatBp, percentToBp } from '../../../../../lib/rate';
import { useStores } from '../../../../../stores/root';
import { maskPhone } from '../../../../../stores/site-settings';
import { ShareSettingsStore, type PartyDraft } from '../../../../../stores/site-settings-share';
import { LoadFailed, PageLoading, PartyTag, Section, useLeaveGuard, useSiteIdParam, useSiteLoad } from '../settings-ui';
import { confirmRemove, CostRow, ShareActions, ShareHeader } from '../share-parts';

/**
 * /site/siteInfo/siteData/benefitSet — 分成设置 (B-site.md §4): different percentages per income type (充电 / 充值 /
 * 投币). A table of the parties with 编辑 (a dialog with the three rates) and 删除, the operator's remainder per column,
 * the working copy's status, the tips, 添加分成方 and 保存.
 */

/** The 编辑 dialog of one party: three rate inputs, each 0–100 % with up to two decimals (keyed by the party). */
function RatesDialog({
  party,
  onSave,
  onClose,
}: {
  party: PartyDraft | null;
  onSave: (rates: Record<RateKey, string>) => void;
  onClose: () => void;
}) {
  const [rates, setRates] = useState<Record<RateKey, string>>(
    party ? { ...party.rates } : { chargeRate: '', cardRate: '', coinRate: '' },
  );
  const [message, setMessage] = useState<string | null>(null);
  const save = () => {
    if (RATE_COLUMNS.some((c) => percentToBp(rates[c.key]) === null)) {
      setMessage(SHARE_MESSAGES.rateRange);
      return;
    }
    onSave(rates);
    onClose();
  };
  return (
    <Dialog
      visible={party !== null}
      title={party ? `编辑 ${party.name}` : ''}
      closeOnAction={false}
      onClose={onClose}
      content={
        <div className="edit-dialog">
          {RATE_COLUMNS.map((c) => (
            <label key={c.key} className="rate-field">
              <span>{c.label}</span>
              <Input
                name={`edit-${c.key}`}
                inputMode="decimal"
                value={rates[c.key]}
                onChange={(v) => {
                  setRates((r) => ({ ...r, [c.key]: v }));
                  setMessage(null);
                }}
              />
              <span>%</span>
            </label>
          ))}
          {message && (
            <p className="edit-dialog__error" role="alert">
              {message}
            </p>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'save', text: '确定', bold: true, onClick: save },
        ],
      ]}
    />
  );
}

const RateTable = observer(function RateTable({ store }: { store: ShareSettingsStore }) {
  const [editing, setEditing] = useState<PartyDraft | null>(null);
  const editable = store.ctx.canEdit;
  const remainder = store.remainder;
  return (
    <>
      <table className="rate-table" data-testid="rate-table">
        <thead>
          <tr>
            <th>分成方</th>
            {RATE_COLUMNS.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
            {editable && <th>操作</th>}
          </tr>
        </thead>
        <tbody>
          {store.parties.map((p) => (
            <tr key={p.userId} data-testid={`party-${p.userId}`}>
              <td>
                <PartyTag type={p.partyType} />
                <div className="rate-table__name">{p.name}</div>
                <div className="rate-table__phone">{maskPhone(p.phone)}</div>
              </td>
              {RATE_COLUMNS.map((c) => (
                <td key={c.key}>{p.rates[c.key]}%</td>
              ))}
              {editable && (
                <td className="rate-table__ops">
                  {p.partyType === 5 ? (
                    <span className="settings-tip">不可修改</span>
                  ) : (
                    <>
                      <button type="button" className="link-button" onClick={() => setEditing(p)}>
                        编辑
                      </button>
                      <button
                        type="button"
                        className="link-button danger"
                        onClick={() => void confirmRemove(store, p.userId)}
                      >
                        删除
                      </button>
                    </>
                  )}
                </td>
              )}
            </tr>
          ))}
          <tr className="rate-table__operator">
            <td>运营商（我）</td>
            {RATE_COLUMNS.map((c) => {
              const value = remainder[c.key];
              return (
                <td key={c.key} className={value !== null && value < 0 ? 'danger' : undefined}>
                  {value === null ? '--' : formatBp(value)}
                </td>
              );
            })}
            {editable && <td />}
          </tr>
        </tbody>
      </table>
      <RatesDialog
        key={editing?.userId ?? 'closed'}
        party={editing}
        onClose={() => setEditing(null)}
        onSave={(rates) => editing && store.setRates(editing.userId, rates)}
      />
    </>
  );
});

const BenefitSetPage = observer(function BenefitSetPage() {
  const root = useStores();
  const siteId = useSiteIdParam();
  const [store] = useState(() => (siteId === null ? null : new ShareSettingsStore(root, siteId, 1)));
  useSiteLoad(siteId, store);
  useLeaveGuard(() => store?.dirty === true);
  if (!store) return <PageLoading />;
  if (store.ctx.site.failed || store.ctx.versions.failed) return <LoadFailed onRetry={() => void store.load()} />;
  if (!store.ctx.working) return <PageLoading />;
  return (
    <main className="settings-page" data-testid="benefit-set">
      <ShareHeader store={store} />
      <Section title="分成方">
        {store.parties.length === 0 ? (
          <p className="settings-tip">暂无分成方，全部收入归运营商</p>
        ) : (
          <RateTable store={store} />
        )}
        {store.hasZeroRate && <p className="settings-warning">比例为0的分成方不会获得收入</p>}
        <p className="settings-tip">
          比例支持两位小数；合计不超过100%，剩余部分归运营商；修改次日生效；降低物业比例需平台审核
        </p>
      </Section>
      <CostRow store={store} />
      <ShareActions store={store} />
    </main>
  );
});

export default BenefitSetPage;
