import { accountStatusLabel } from '@/api/accounts-rules';
import { Badge, Input, Popup, SearchBar, Selector, Tabs, Tag, TextArea } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Button } from '@/components/button';
import type { AgentRow, TransferPage, TransferRow } from '@/api/factorial';
import { TRANSFER_STATUS_NAMES } from '@/api/factorial';
import type { TransferStatus } from '@/api/factorial-rules';
import type { Page } from '@/api/http';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import { Chips, Field } from '@/sections/mine/card-parts';
import { TransferDetailSheet, TransferItem, TransferSheet } from '@/sections/mine/factorial-parts';
import riders from '@/sections/mine/riders.module.css';
import styles from './factorial-list.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import {
  DIRECTION_CHIPS,
  agentAddStore,
  factorialStore,
  transferDetailStore,
  transferSheetStore,
  type AgentAddStore,
} from '@/stores/screens/mine/factorial';

/**
 * /mine/factorialList — 我的代理 (C-mine.md "/mine/factorialList"; Business rules 18, 19): tabs 代理列表 (search 姓名 /
 * 手机号, "共 N 个代理", rows with status in words, 设备 / 站点 counts and 加入时间; 添加代理 and 设备划拨) and 划拨记录
 * (chips 全部 / 转出 / 转入, a status filter, rows with their answers; the tab's badge counts pending incoming
 * transfers). An agent (who has no agents) sees only its 划拨记录 (the transfers it receives).
 */

const STATUS_OPTIONS = ([1, 2, 3, 4] as const).map((s) => ({ label: TRANSFER_STATUS_NAMES[s], value: s }));

const AddAgentSheet = observer(function AddAgentSheet({ store }: { store: AgentAddStore }) {
  const submit = async () => {
    const outcome = await store.submit();
    if (typeof outcome === 'object') toast(outcome.error);
    else if (outcome) toast('添加成功，已短信通知对方');
  };
  const f = store.fields;
  return (
    <Popup visible={store.open} onMaskClick={() => store.show(false)} onClose={() => store.show(false)}>
      <form
        className={riders.sheet}
        role="dialog"
        aria-label="添加代理"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h3>添加代理</h3>
        <Field label="姓名" required htmlFor="agent-name">
          <Input
            id="agent-name"
            name="agentName"
            maxLength={20}
            value={f.name}
            onChange={(v) => store.set('name', v)}
          />
        </Field>
        <Field label="手机号" required htmlFor="agent-phone">
          <Input
            id="agent-phone"
            name="agentPhone"
            type="tel"
            maxLength={11}
            value={f.phone}
            onChange={(v) => store.set('phone', v)}
          />
        </Field>
        <Field label="登录密码" required htmlFor="agent-password">
          <Input
            id="agent-password"
            name="agentPassword"
            type="password"
            autoComplete="new-password"
            maxLength={20}
            value={f.password}
            onChange={(v) => store.set('password', v)}
          />
        </Field>
        <Field label="备注" htmlFor="agent-remark">
          <TextArea
            id="agent-remark"
            name="agentRemark"
            maxLength={50}
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={f.remark}
            onChange={(v) => store.set('remark', v)}
          />
        </Field>
        <Button
          block
          color="primary"
          type="submit"
          loading={store.guard.busy('add')}
          disabled={store.guard.busy('add')}
        >
          添加
        </Button>
      </form>
    </Popup>
  );
});

function AgentItem({ a }: { a: AgentRow }) {
  return (
    <RowLink to={href('factorialInfo', { id: a.id })} className={riders.item} data-testid={`agent-${a.id}`}>
      <div className={riders.itemHead}>
        <b>{a.name}</b>
        <Tag color={a.status === 1 ? 'success' : 'default'} fill="outline">
          {accountStatusLabel(a.status)}
        </Tag>
      </div>
      <div className={riders.itemLine}>
        <span>{a.phone}</span>
        <span>加入时间 {formatTime(a.createTime, 'YYYY-MM-DD')}</span>
      </div>
      <div className={riders.itemLine}>
        <span>设备 {a.deviceCount} 台</span>
        <span>站点 {a.siteCount} 个</span>
      </div>
    </RowLink>
  );
}

const FactorialList = observer(function FactorialList() {
  const query = useRouteQuery('factorialList');
  const store = useScreenStore(factorialStore);
  const add = useScreenStore(agentAddStore);
  const sheet = useScreenStore(transferSheetStore);
  const details = useScreenStore(transferDetailStore);
  const { session } = useStores();
  const manages = session.can('agent') && session.extendPermission?.accountType === 1;
  useEffect(() => {
    if (query?.tab === 'transfers' || !manages) store.setTab('transfers');
    void store.loadBadge();
  }, [query?.tab, manages, store]);
  return (
    <main className={riders.page}>
      <Tabs activeKey={store.tab} onChange={(key) => store.setTab(key === 'transfers' ? 'transfers' : 'agents')}>
        {manages && <Tabs.Tab key="agents" title="代理列表" />}
        <Tabs.Tab
          key="transfers"
          title={
            <Badge content={store.pendingInCount > 0 ? String(store.pendingInCount) : null}>
              <span data-testid="transfer-tab">划拨记录</span>
            </Badge>
          }
        />
      </Tabs>
      {store.tab === 'agents' && manages ? (
        <section aria-label="代理列表">
          <SearchBar
            placeholder="姓名 / 手机号"
            aria-label="搜索代理姓名或手机号"
            value={store.keyword}
            maxLength={20}
            onChange={(v) => store.setKeyword(v)}
          />
          <div className={styles.toolbar}>
            <span className={riders.summary} data-testid="agent-count">
              共 {store.agentTotal ?? '--'} 个代理
            </span>
            <Button size="small" color="primary" onClick={() => add.show(true)}>
              添加代理
            </Button>
            <Button size="small" onClick={() => sheet.show(true)}>
              设备划拨
            </Button>
          </div>
          <PagedList<AgentRow, Page<AgentRow>>
            testId="agent-list"
            fetchPage={(n, size) => store.agentPage(n, size)}
            watch={store.agentWatch}
            debounceMs={300}
            itemKey={(a) => a.id}
            estimateSize={100}
            onPage={(page) => store.setAgentTotal(page.total)}
            renderItem={(a) => <AgentItem a={a} />}
            empty={<p className={riders.center}>暂无代理</p>}
          />
        </section>
      ) : (
        <section aria-label="划拨记录">
          <Chips
            testId="transfer-direction"
            items={DIRECTION_CHIPS}
            value={store.direction}
            onChange={(v) => store.setDirection(v)}
          />
          <Selector
            aria-label="划拨状态"
            options={STATUS_OPTIONS}
            value={store.status ? [store.status] : []}
            onChange={(v) => store.setStatus((v[0] ?? 0) as 0 | TransferStatus)}
          />
          <PagedList<TransferRow, TransferPage>
            testId="transfer-list"
            fetchPage={(n, size) => store.transferPage(n, size)}
            watch={store.transferWatch}
            itemKey={(t) => t.transferId}
            estimateSize={130}
            onPage={(page) => store.takeTransferPage(page)}
            renderItem={(t) => <TransferItem t={t} list={store} details={details} />}
            empty={<p className={riders.center}>暂无划拨记录</p>}
          />
        </section>
      )}
      <AddAgentSheet store={add} />
      <TransferSheet store={sheet} preset={false} />
      <TransferDetailSheet store={details} />
    </main>
  );
});

export default FactorialList;
