import { Tag } from 'antd-mobile';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { LedgerDetail } from '@/api/ledger';
import { BIZ_TYPE_LABELS, SPLIT_ROLE_LABELS } from '@/api/ledger-rules';
import { toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { useLeaveWhen, usePathParam } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { Block, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/ledger.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { ledgerDetailStore } from '@/stores/screens/income/ledger';

/**
 * /income/list/detail/{id} — 收支详情 (D-income.md §1 "/income/list/detail/{id}"): the head (type, signed amount,
 * status), the common rows (交易流水号 with 复制, 入账时间, 变动后可提现余额, 备注) and the rows of its kind: an order's
 * number, site, box and socket or card, payment, amount and 分账明细 with this account's part; a withdrawal's number,
 * amounts and card; an instalment, an area-card release, a refund or an adjustment — with the link to its source when
 * that screen is built. A non-numeric id goes back; an unknown one shows 记录不存在或已删除.
 */

const STATUS = { 1: '成功', 2: '处理中', 3: '失败' } as const;
const PAY_TYPES: Record<number, string> = { 1: '微信', 2: '支付宝', 3: '储值卡', 4: '月卡', 5: '电子卡', 6: '投币' };

function copy(text: string): void {
  void navigator.clipboard
    ?.writeText(text)
    .then(() => toast('已复制'))
    .catch(() => toast('复制失败'));
}

function Line({ label, children, copyText }: { label: string; children: ReactNode; copyText?: string | null }) {
  return (
    <div className={styles.line}>
      <span>{label}</span>
      <span>
        {/* a number to copy is never broken: on a narrow phone it moves under its label instead (ledger.module.css) */}
        {copyText ? <span className="nowrap">{children}</span> : children}
        {copyText && (
          <button type="button" className={styles.copy} onClick={() => copy(copyText)} aria-label={`复制${label}`}>
            复制
          </button>
        )}
      </span>
    </div>
  );
}

function KindRows({ d }: { d: LedgerDetail }) {
  const r = d.ref;
  if ([1, 2, 3, 4].includes(d.bizType))
    return (
      <>
        <Line label="订单号" copyText={r.orderNo}>
          {r.orderNo ?? '--'}
        </Line>
        <Line label="站点">{r.siteName ?? '--'}</Line>
        {r.serialNumber ? (
          <Line label="设备">
            {r.serialNumber} · {r.socketNo}号口
          </Line>
        ) : (
          r.cardNo && <Line label="卡号">{r.cardNo}</Line>
        )}
        {r.payType !== null && <Line label="支付方式">{PAY_TYPES[r.payType] ?? '--'}</Line>}
        {r.orderAmount !== null && <Line label="订单金额">{formatFen(r.orderAmount)}</Line>}
        {r.splits.length > 0 && (
          <Block title="分账明细" testId="ledger-splits">
            {r.splits.map((s, i) => (
              <Line
                key={`${s.role}-${i}`}
                label={`${SPLIT_ROLE_LABELS[s.role] ?? ''}${s.role === 0 ? '' : ` · ${s.name}`}`}
              >
                {s.role === 0 ? '' : '-'}
                {formatFen(s.amount)}
                {s.rate !== null && s.role !== 0 ? ` (${s.rate / 100}%)` : ''}
              </Line>
            ))}
            <Line label="本账户入账">{formatFen(d.amount)}</Line>
          </Block>
        )}
      </>
    );
  if (d.bizType === 7 || d.bizType === 12)
    return (
      <>
        <Line label="提现单号" copyText={r.withdrawNo}>
          {r.withdrawNo ?? '--'}
        </Line>
        <Line label="提现金额">{formatFen(d.amount)}</Line>
        {r.fee !== null && <Line label="手续费">{formatFen(r.fee)}</Line>}
        {r.actualAmount !== null && <Line label="到账金额">{formatFen(r.actualAmount)}</Line>}
        {r.bankName && (
          <Line label="到账账户">
            {r.bankName}({r.cardNoTail})
          </Line>
        )}
      </>
    );
  if (d.bizType === 11 || d.bizType === 16)
    return (
      <>
        <Line label="原订单号" copyText={r.orderNo}>
          {r.orderNo ?? '--'}
        </Line>
        {r.refundAmount !== null && <Line label="退款金额(订单)">{formatFen(r.refundAmount)}</Line>}
        <Line label="本账户承担">{formatFen(d.amount)}</Line>
        {r.operatorName && <Line label="操作人">{r.operatorName}</Line>}
      </>
    );
  if (d.bizType === 8 || d.bizType === 15) return <Line label="调账原因">{r.reason ?? '--'}</Line>;
  if (r.siteName) return <Line label="站点">{r.siteName}</Line>;
  return null;
}

const LedgerDetailPage = observer(function LedgerDetailPage() {
  const raw = usePathParam('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  useLeaveWhen(id === null, href('incomeList'), '参数错误');
  const store = useScreenStore(ledgerDetailStore, id ?? 0);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  useEffect(() => {
    if (id !== null) void store.entry.load();
  }, [store, id]);

  if (id === null) return null;
  if (store.entry.failed)
    return (
      <Page testId="ledger-detail">
        <Block>
          <p className={styles.empty}>记录不存在或已删除</p>
          <Button block onClick={() => void navigate(-1)}>
            返回
          </Button>
        </Block>
      </Page>
    );
  const d = store.entry.data;
  if (!d) return <Loading />;
  const r = d.ref;
  const links: { label: string; to: string }[] = [];
  if ((d.bizType === 7 || d.bizType === 12) && r.withdrawId !== null)
    links.push({ label: '查看提现进度', to: href('cashResult', { id: r.withdrawId }) });
  if ((d.bizType === 1 || d.bizType === 11) && r.orderId !== null && r.serialNumber)
    links.push({ label: '查看订单', to: href('chargerRecordInfo', { orderId: r.orderId }) });
  return (
    <Page testId="ledger-detail">
      <Block>
        <div className={styles.head}>
          <p>{BIZ_TYPE_LABELS[d.bizType]}</p>
          <p className={clsx(styles.big, d.direction === 1 && styles.income)} data-testid="ledger-detail-amount">
            {d.direction === 1 ? '+' : '-'}
            {formatFen(d.amount)}
          </p>
          <Tag color={d.status === 1 ? 'success' : d.status === 2 ? 'primary' : 'danger'}>{STATUS[d.status]}</Tag>
        </div>
        <Line label="交易流水号" copyText={d.serialNo}>
          {d.serialNo}
        </Line>
        <Line label="入账时间">{formatTime(d.createTime, 'YYYY-MM-DD HH:mm:ss')}</Line>
        <Line label="变动后可提现余额">{formatFen(d.balanceAfter)}</Line>
        {d.remark && <Line label="备注">{d.remark}</Line>}
      </Block>
      <Block>
        <KindRows d={d} />
      </Block>
      {links
        .filter((l) => isBuilt(l.to))
        .map((l) => (
          <Button key={l.label} block onClick={() => void navigate(l.to)}>
            {l.label}
          </Button>
        ))}
    </Page>
  );
});

export default LedgerDetailPage;
