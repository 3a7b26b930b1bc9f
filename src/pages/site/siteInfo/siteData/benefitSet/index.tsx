import { Input } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { RATE_COLUMNS, SHARE_MESSAGES, type RateKey } from '@/api/site-settings-rules';
import { formatBp, percentToBp } from '@/lib/rate';
import { maskPhone } from '@/lib/phone';
import {
  shareSettingsStore,
  type PartyDraft,
  type ShareSettingsStore,
} from '@/stores/screens/site/site-settings-share';
import { useScreenStore } from '@/stores/screen-store';
import { FormDialog } from '@/sections/site/edit-dialog';
import { LoadGate, PartyTag, useLeaveGuard, useLoadOrLeave, useSiteQuery } from '@/sections/site/settings-ui';
import { confirmRemove, ShareFrame } from '@/sections/site/share-parts';
import shared from '@/sections/site/settings.module.css';
import styles from './benefit-set.module.css';

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
    <FormDialog
      open={party !== null}
      title={party ? `编辑 ${party.name}` : ''}
      okText="确定"
      message={message}
      onOk={save}
      onClose={onClose}
    >
      {RATE_COLUMNS.map((c) => (
        <label key={c.key} className={styles.rateField}>
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
    </FormDialog>
  );
}

const RateTable = observer(function RateTable({ store }: { store: ShareSettingsStore }) {
  const [editing, setEditing] = useState<PartyDraft | null>(null);
  const editable = store.ctx.canEdit;
  const remainder = store.remainder;
  return (
    <>
      <table className={styles.rateTable} data-testid="rate-table">
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
                <div className={styles.rateName}>{p.name}</div>
                <div className={styles.ratePhone}>{maskPhone(p.phone)}</div>
              </td>
              {RATE_COLUMNS.map((c) => (
                <td key={c.key}>{p.rates[c.key]}%</td>
              ))}
              {editable && (
                <td className={styles.rateOps}>
                  {p.partyType === 5 ? (
                    <span className={shared.tip}>不可修改</span>
                  ) : (
                    <>
                      <button type="button" className={shared.linkButton} onClick={() => setEditing(p)}>
                        编辑
                      </button>
                      <button
                        type="button"
                        className={`${shared.linkButton} ${shared.danger}`}
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
          <tr className={styles.rateOperator}>
            <td>运营商（我）</td>
            {RATE_COLUMNS.map((c) => {
              const value = remainder[c.key];
              return (
                <td key={c.key} className={value !== null && value < 0 ? styles.danger : undefined}>
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

const BenefitSetPage = observer(function BenefitSetPage({ siteId }: { siteId: number }) {
  const store = useScreenStore(shareSettingsStore, siteId, 1);
  useLoadOrLeave(store);
  useLeaveGuard(() => store.dirty);
  if (!store.ctx.working) {
    return <LoadGate failed={store.ctx.failed} onRetry={() => void store.load()} />;
  }
  return (
    <ShareFrame
      store={store}
      testId="benefit-set"
      note={
        <p className={shared.tip}>
          比例支持两位小数；合计不超过100%，剩余部分归运营商；修改次日生效；降低物业比例需平台审核
        </p>
      }
    >
      {store.parties.length > 0 && <RateTable store={store} />}
    </ShareFrame>
  );
});

/** 分成设置 of the route's site (a missing siteId goes back to /site). */
export default function BenefitSetScreen() {
  const query = useSiteQuery('siteBenefitSet');
  return query && <BenefitSetPage siteId={query.siteId} />;
}
