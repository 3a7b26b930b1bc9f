import { observer } from 'mobx-react-lite';
import { ActionLink } from '@/components/links';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { Page as ListPage } from '@/api/http';
import { getWithdrawList, type WithdrawListPage, type WithdrawRecord } from '@/api/withdraw';
import { PagedList } from '@/components/paged-list';
import { useIsBuilt } from '@/components/route-availability';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { BankLogo, Block, cardLabel, Failed, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/onboarding.module.css';
import { WithdrawRow } from '@/sections/income/withdraw-row';
import { useScreenStore } from '@/stores/screen-store';
import { monthTitle, withdrawHistoryStore } from '@/stores/screens/income/withdraw-history';

/**
 * /income/withdrawHistory — 提现记录 (D-income.md §2 "/income/withdrawHistory", channel 2): the header card (结算卡,
 * 累计提现, 更换结算卡), the status chips, the records of the online-bank account by month (a month header with the
 * server's 已到账 sum of that month) on the shared list, and 查看开通前的提现记录 when channel-1 history exists. A
 * channel-1 account is sent to /income/withdraw-list.
 */

type StatusTab = 'all' | 'doing' | 'done' | 'failed';

const STATUS_TABS: readonly { key: StatusTab; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'doing', label: '处理中' },
  { key: 'done', label: '已到账' },
  { key: 'failed', label: '失败' },
];

const STATUS_QUERY: Record<StatusTab, string | undefined> = { all: undefined, doing: '1,2', done: '3', failed: '4,5' };

const WithdrawHistory = observer(function WithdrawHistory() {
  const store = useScreenStore(withdrawHistoryStore);
  const [status, setStatus] = useState<StatusTab>('all');
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  useEffect(() => {
    void store.load();
  }, [store]);
  const channel = store.mode.data?.channel;
  useEffect(() => {
    if (channel === 1) void navigate(href('withdrawList'), { replace: true });
  }, [channel, navigate]);

  if (store.mode.failed) return <Failed onRetry={() => void store.load()} />;
  if (!store.mode.data || channel !== 2) return <Loading />;
  const card = store.property.data?.settleCard ?? null;
  const exchange = href('exchangeBank');

  return (
    <Page testId="withdraw-history">
      <Block testId="withdraw-history-head">
        <div className={styles.cardRow}>
          {card && <BankLogo url={card.bankLogo} />}
          <div>
            <b>结算卡 {card ? cardLabel(card) : '--'}</b>
            <p className={styles.muted} data-testid="withdraw-history-total">
              累计提现 {store.balance.data ? formatFen(store.balance.data.totalWithdraw) : '--'}
            </p>
          </div>
          {isBuilt(exchange) && (
            <ActionLink to={exchange} className={styles.link}>
              更换结算卡
            </ActionLink>
          )}
        </div>
      </Block>
      <Segmented
        options={STATUS_TABS}
        value={status}
        onChange={(v) => {
          store.reset();
          setStatus(v);
        }}
        label="提现状态"
        block
      />
      <PagedList<WithdrawRecord, ListPage<WithdrawRecord>>
        testId="withdraw-history-records"
        fetchPage={(pageNum, pageSize) =>
          getWithdrawList({
            pageNum,
            pageSize,
            channel: 2,
            ...(STATUS_QUERY[status] ? { status: STATUS_QUERY[status] } : {}),
          })
        }
        onPage={(page) => store.addPage(page as WithdrawListPage)}
        onRefresh={() => store.reset()}
        watch={[status]}
        itemKey={(r) => r.id}
        estimateSize={84}
        renderItem={(r) => {
          const month = store.sectionOf(r);
          const sum = month ? store.monthSums.get(month) : undefined;
          return (
            <>
              {month && (
                <div className={styles.line} data-testid={`withdraw-month-${month}`}>
                  <b>{monthTitle(month)}</b>
                  <span>已到账 {formatFen(sum?.successAmount ?? 0)}</span>
                </div>
              )}
              <WithdrawRow r={r} />
            </>
          );
        }}
        empty={
          <div className={styles.hero}>
            <p className={styles.muted}>暂无提现记录</p>
            {isBuilt(href('withdraw')) && <Button onClick={() => void navigate(href('withdraw'))}>去提现</Button>}
          </div>
        }
      />
      {store.hasChannel1 && (
        <ActionLink to={href('withdrawList')} className={styles.link} data-testid="withdraw-history-old">
          查看开通前的提现记录 ›
        </ActionLink>
      )}
    </Page>
  );
});

export default WithdrawHistory;
