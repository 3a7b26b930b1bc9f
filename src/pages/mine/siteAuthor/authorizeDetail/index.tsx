import { Checkbox, Dialog, Tag, TextArea } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { DealtApplyDetail, SiteApplyDetail } from '@/api/site-author';
import { SCOPE_EXPLANATIONS, SCOPE_NAMES } from '@/api/site-author-rules';
import { confirm, toast } from '@/components/feedback';
import { useLeaveWhen, usePathParam } from '@/components/route-query';
import { href } from '@/config/routes';
import { telHref } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import { BottomBar, DetailFailed, DetailLoading, Rows } from '@/sections/mine/card-parts';
import { ApplyStatusTag, Partner } from '@/sections/mine/site-author-parts';
import local from '@/sections/mine/site-author.module.css';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { authorizeDetailStore, type AuthorizeDetailStore } from '@/stores/screens/mine/site-author';

/**
 * /mine/siteAuthor/{id}/authorizeDetail — 授权详情 (C-mine.md; Business rule 16): 申请方, 申请内容 (purpose, the scopes
 * with what each opens, the term and the end it would have), 申请站点, and for a processed application 处理结果. A
 * pending one offers the decision in a sticky bar: 同意授权 for the checked sites (all at first; ≥ 1; confirmed) or 拒绝
 * with a reason (2–100 characters). Each decision runs once — its buttons are disabled from the first tap — and ends
 * with a toast and the way back to 待处理, whose list and badge refresh; an application decided or expired meanwhile
 * answers "该申请已处理或已过期" (toasted) and the screen shows it as it now is.
 */

/** Back to 待处理: the way back when the detail was opened from a list, else to it. */
function useBackToList(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(href('siteAuthorUndisposed'), { replace: true });
  };
}

function Applicant({ apply }: { apply: SiteApplyDetail }) {
  const { partner } = apply;
  return (
    <section className={styles.card} aria-label="申请方">
      <h2>申请方</h2>
      <Partner name={partner.name} logo={partner.logo} type={partner.type} />
      <Rows
        rows={[
          { label: '公司名称', value: partner.company || '--' },
          {
            label: '联系人',
            value: (
              <>
                {partner.contactName}{' '}
                {telHref(partner.contactPhone) ? (
                  <a href={telHref(partner.contactPhone)}>{partner.contactPhone}</a>
                ) : (
                  '--'
                )}
              </>
            ),
          },
          { label: '申请编号', value: apply.applyNo, testId: 'apply-no' },
          { label: '申请时间', value: formatTime(apply.applyTime) },
        ]}
      />
    </section>
  );
}

const Content = observer(function Content({ store, apply }: { store: AuthorizeDetailStore; apply: SiteApplyDetail }) {
  const dealt = store.dealt.data;
  const end = store.isPending
    ? `授权后有效期至 ${store.prospectiveEnd}`
    : dealt?.authEndTime
      ? `有效期至 ${formatTime(dealt.authEndTime, 'YYYY-MM-DD')}`
      : null;
  return (
    <section className={styles.card} aria-label="申请内容">
      <h2>申请内容</h2>
      <p data-testid="apply-purpose">{apply.purpose || '--'}</p>
      <ul className={local.scopeList} data-testid="apply-scopes">
        {apply.scopes.map((s) => (
          <li key={s}>
            {SCOPE_NAMES[s]}
            <small>{SCOPE_EXPLANATIONS[s]}</small>
          </li>
        ))}
      </ul>
      <p>
        授权期限 {apply.validMonths} 个月{end && <span data-testid="auth-end"> → {end}</span>}
      </p>
    </section>
  );
});

const Sites = observer(function Sites({ store, apply }: { store: AuthorizeDetailStore; apply: SiteApplyDetail }) {
  const dealt = store.dealt.data;
  const granted = new Map((dealt?.sites ?? []).map((s) => [s.siteId, s.granted]));
  return (
    <section className={styles.card} aria-label="申请站点">
      <div className={styles.itemHead}>
        <h2>申请站点</h2>
        {store.isPending && (
          <span className={styles.muted} data-testid="chosen-count">
            {store.chosenText}
          </span>
        )}
      </div>
      {apply.sites.map((s) => {
        const text = (
          <span className={local.siteText}>
            {s.siteName}
            <small>{s.address}</small>
            <small>充电口 {s.socketCount}</small>
          </span>
        );
        return (
          <div key={s.siteId} className={local.site} data-testid={`apply-site-${s.siteId}`}>
            {store.isPending ? (
              <Checkbox
                className={local.siteCheck}
                checked={store.chosen.includes(s.siteId)}
                onChange={() => store.toggle(s.siteId)}
              >
                {text}
              </Checkbox>
            ) : (
              <>
                {text}
                {dealt && (
                  <Tag color={granted.get(s.siteId) ? 'success' : 'default'} fill="outline" data-testid="site-granted">
                    {granted.get(s.siteId) ? '已授权' : '未授权'}
                  </Tag>
                )}
              </>
            )}
          </div>
        );
      })}
    </section>
  );
});

function Outcome({ dealt }: { dealt: DealtApplyDetail }) {
  const expired = dealt.status === 3;
  return (
    <section className={styles.card} aria-label="处理结果">
      <h2>处理结果</h2>
      <Rows
        rows={[
          { label: '处理结果', value: <ApplyStatusTag status={dealt.status} />, testId: 'deal-result' },
          { label: '处理意见', value: dealt.dealRemark || '--' },
          { label: '处理人', value: expired ? '超时未处理' : (dealt.dealerName ?? '--') },
          { label: '处理时间', value: expired ? formatTime(dealt.expireTime) : formatTime(dealt.dealTime) },
          {
            label: '有效期至',
            value: dealt.authEndTime ? formatTime(dealt.authEndTime, 'YYYY-MM-DD') : '--',
          },
        ]}
      />
    </section>
  );
}

const Decision = observer(function Decision({ store }: { store: AuthorizeDetailStore }) {
  const back = useBackToList();
  // Busy from the first tap until the decision has ended (its dialog included): taps meanwhile do nothing.
  const asking = useRef(false);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const begin = () => {
    if (asking.current || store.guard.anyBusy) return false;
    asking.current = true;
    setBusy(true);
    return true;
  };
  const end = () => {
    asking.current = false;
    setBusy(false);
  };
  const agree = async () => {
    if (store.agreeError) {
      toast(store.agreeError);
      return;
    }
    if (!begin()) return;
    try {
      if (!(await confirm('同意授权', store.agreeQuestion))) return;
      const result = await store.agree();
      if (result.ok) {
        toast('已同意授权');
        back();
      } else if (result.message) toast(result.message);
    } finally {
      end();
    }
  };
  const reject = async () => {
    if (!begin()) return;
    try {
      const result = await store.reject(reason);
      if (result.ok) {
        setRejecting(false);
        toast('已拒绝该申请');
        back();
      } else if (result.message) setMessage(result.message);
      else setRejecting(false);
    } finally {
      end();
    }
  };
  const disabled = busy || store.guard.anyBusy;
  return (
    <>
      <BottomBar testId="apply-actions">
        <Button block disabled={disabled} onClick={() => setRejecting(true)}>
          拒绝
        </Button>
        <Button block color="primary" disabled={disabled} onClick={() => void agree()}>
          同意授权
        </Button>
      </BottomBar>
      <Dialog
        visible={rejecting}
        title="拒绝申请"
        aria-label="拒绝申请"
        closeOnAction={false}
        onClose={() => setRejecting(false)}
        content={
          <div className={local.reason}>
            <label htmlFor="rejectReason">拒绝原因</label>
            <TextArea
              id="rejectReason"
              name="rejectReason"
              maxLength={100}
              rows={3}
              showCount
              placeholder="请填写拒绝原因（2-100字）"
              value={reason}
              onChange={(v) => {
                setReason(v);
                setMessage(null);
              }}
            />
            {message && (
              <p className={styles.danger} role="alert">
                {message}
              </p>
            )}
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: '取消', onClick: () => setRejecting(false) },
            { key: 'ok', text: '确定', bold: true, disabled, onClick: () => void reject() },
          ],
        ]}
      />
    </>
  );
});

const AuthorizeDetail = observer(function AuthorizeDetail({ id }: { id: number }) {
  const store = useScreenStore(authorizeDetailStore, id);
  useEffect(() => {
    void store.load();
  }, [store]);
  const apply = store.detail.data;
  if (!apply) {
    if (store.detail.failed) return <DetailFailed text="申请不存在" onRetry={() => void store.load()} />;
    return <DetailLoading />;
  }
  const dealt = store.dealt.data;
  return (
    <main className={styles.page}>
      <div className={styles.itemHead} data-testid="apply-banner">
        <ApplyStatusTag status={apply.status} />
        {store.isPending && <span className={local.expiry}>{formatTime(apply.expireTime)} 前未处理将自动拒绝</span>}
      </div>
      <Applicant apply={apply} />
      <Content store={store} apply={apply} />
      <Sites store={store} apply={apply} />
      {!store.isPending && dealt && <Outcome dealt={dealt} />}
      {!store.isPending && !dealt && store.dealt.failed && (
        <Button size="small" fill="outline" onClick={() => void store.load()}>
          重新加载处理结果
        </Button>
      )}
      {store.isPending && <Decision store={store} />}
    </main>
  );
});

const AuthorizeDetailPage = function AuthorizeDetailPage() {
  const raw = usePathParam('id');
  const id = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  useLeaveWhen(id === null, href('siteAuthorUndisposed'), '缺少申请参数');
  return id !== null ? <AuthorizeDetail id={id} /> : null;
};

export default AuthorizeDetailPage;
