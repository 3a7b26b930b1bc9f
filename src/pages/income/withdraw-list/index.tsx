import { DatePicker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { Page as ListPage } from '@/api/http';
import { getWithdrawList, type WithdrawListPage, type WithdrawRecord } from '@/api/withdraw';
import { PagedList } from '@/components/paged-list';
import { useIsBuilt } from '@/components/route-availability';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { Page } from '@/sections/income/parts';
import { WithdrawRow } from '@/sections/income/withdraw-row';
import styles from './withdraw-list.module.css';

/**
 * /income/withdraw-list — 提现记录 (D-income.md §2 "/income/withdraw-list", channel 1): the platform wallet's
 * withdrawals, manual and automatic, newest first, filtered by month (全部 or 'YYYY-MM') and status (全部 | 处理中 |
 * 已到账 | 失败), with the filter's sums from the server; a row opens cashResult. The shared list gives pull-to-refresh,
 * infinite scroll and the empty / error states.
 */

type StatusTab = 'all' | 'doing' | 'done' | 'failed';

const STATUS_TABS: readonly { key: StatusTab; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'doing', label: '处理中' },
  { key: 'done', label: '已到账' },
  { key: 'failed', label: '失败' },
];

const STATUS_QUERY: Record<StatusTab, string | undefined> = { all: undefined, doing: '1,2', done: '3', failed: '4,5' };

const WithdrawList = observer(function WithdrawList() {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<StatusTab>('all');
  const [picking, setPicking] = useState(false);
  const [sum, setSum] = useState<WithdrawListPage['sum'] | null>(null);
  const isBuilt = useIsBuilt();
  const navigate = useNavigate();
  return (
    <Page testId="withdraw-list">
      <div className={styles.filters}>
        <button type="button" className={styles.month} onClick={() => setPicking(true)} data-testid="withdraw-month">
          {month ?? '全部'} <DownOutline />
        </button>
        {month && (
          <button type="button" className={styles.month} onClick={() => setMonth(undefined)}>
            全部
          </button>
        )}
      </div>
      <Segmented options={STATUS_TABS} value={status} onChange={(v) => setStatus(v)} label="提现状态" block />
      <p className={styles.sum} data-testid="withdraw-sum">
        {sum
          ? `已到账 ${formatFen(sum.successAmount)}（${sum.successCount}笔）\u3000手续费 ${formatFen(sum.fee)}`
          : '\u00a0'}
      </p>
      <PagedList<WithdrawRecord, ListPage<WithdrawRecord>>
        testId="withdraw-records"
        fetchPage={(pageNum, pageSize) =>
          getWithdrawList({
            pageNum,
            pageSize,
            channel: 1,
            ...(month ? { month } : {}),
            ...(STATUS_QUERY[status] ? { status: STATUS_QUERY[status] } : {}),
          })
        }
        onPage={(page) => setSum((page as WithdrawListPage).sum)}
        watch={[month, status]}
        itemKey={(r) => r.id}
        estimateSize={84}
        renderItem={(r) => <WithdrawRow r={r} />}
        empty={
          <div className={styles.empty}>
            <p>暂无提现记录</p>
            {isBuilt(href('withdraw')) && <Button onClick={() => void navigate(href('withdraw'))}>去提现</Button>}
          </div>
        }
      />
      <DatePicker
        visible={picking}
        precision="month"
        max={new Date()}
        onClose={() => setPicking(false)}
        onConfirm={(d) => setMonth(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`)}
      />
    </Page>
  );
});

export default WithdrawList;
