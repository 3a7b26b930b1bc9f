import { accountStatusLabel } from '@/api/accounts-rules';
import { Input, Popup, TextArea } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatBp } from '@/lib/rate';
import { telHref } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import { DetailFailed, DetailLoading, Field, Rows } from '@/sections/mine/card-parts';
import { TransferDetailSheet, TransferItem, TransferSheet } from '@/sections/mine/factorial-parts';
import riders from '@/sections/mine/riders.module.css';
import { useStores } from '@/stores/root';
import { keptScreenStore, useScreenStore } from '@/stores/screen-store';
import {
  agentInfoStore,
  factorialStore,
  transferDetailStore,
  transferSheetStore,
  type AgentInfoStore,
} from '@/stores/screens/mine/factorial';
import styles from './agent-info.module.css';

/**
 * /mine/factorialList/info — 代理详情 (C-mine.md "/mine/factorialList/info"; Business rules 18, 19): the agent's name,
 * phone (call), status in words, 加入时间, 备注, 上级分润比例; 设备 N 台 (在线 N), 站点 N 个, 累计划拨 N 台; its last 5
 * transfers and 查看全部; 编辑 (姓名 / 备注 / 上级分润比例 0–100 %, 修改次日生效), 停用 (confirmed) / 启用, and 划拨设备
 * with the agent preset as the receiver.
 */

const EditSheet = observer(function EditSheet({ store }: { store: AgentInfoStore }) {
  const save = async () => {
    const outcome = await store.saveEdit();
    if (typeof outcome === 'object') toast(outcome.error);
    else if (outcome) toast('保存成功');
  };
  return (
    <Popup visible={store.editing} onMaskClick={() => store.startEdit(false)} onClose={() => store.startEdit(false)}>
      <form
        className={riders.sheet}
        role="dialog"
        aria-label="编辑代理"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h3>编辑代理</h3>
        <Field label="姓名" required htmlFor="edit-agent-name">
          <Input
            id="edit-agent-name"
            name="agentName"
            maxLength={20}
            value={store.edit.name}
            onChange={(v) => store.setEdit('name', v)}
          />
        </Field>
        <Field label="备注" htmlFor="edit-agent-remark">
          <TextArea
            id="edit-agent-remark"
            name="agentRemark"
            maxLength={50}
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={store.edit.remark}
            onChange={(v) => store.setEdit('remark', v)}
          />
        </Field>
        <Field label="上级分润比例(%)" htmlFor="edit-agent-rate">
          <Input
            id="edit-agent-rate"
            name="superiorShareRate"
            inputMode="decimal"
            maxLength={6}
            value={store.edit.rate}
            onChange={(v) => store.setEdit('rate', v)}
          />
        </Field>
        <p className={riders.muted}>修改次日生效</p>
        <Button
          block
          color="primary"
          type="submit"
          loading={store.guard.busy('edit')}
          disabled={store.guard.busy('edit')}
        >
          保存
        </Button>
      </form>
    </Popup>
  );
});

const AgentInfo = observer(function AgentInfo({ id }: { id: number }) {
  const root = useStores();
  const store = useScreenStore(agentInfoStore, id);
  const sheet = useScreenStore(transferSheetStore);
  const details = useScreenStore(transferDetailStore);
  const list = keptScreenStore(root, factorialStore);
  useEffect(() => {
    void store.load();
  }, [store, list.version]);
  const info = store.info.data;
  if (!info) {
    return store.info.failed ? <DetailFailed text="代理不存在" onRetry={() => void store.load()} /> : <DetailLoading />;
  }
  const tel = telHref(info.phone);
  const toggle = async () => {
    if (info.status === 1 && !(await confirm('停用代理', '停用后该代理将无法登录，其站点照常运营，确定停用？'))) return;
    if (await store.setStatus(info.status === 1 ? 2 : 1)) toast(info.status === 1 ? '已停用' : '已启用');
  };
  return (
    <main className={riders.page}>
      <section className={riders.card} aria-label="代理信息">
        <h2 data-testid="agent-name">{info.name}</h2>
        <Rows
          rows={[
            { label: '手机号', value: tel ? <a href={tel}>{info.phone}</a> : info.phone },
            { label: '状态', value: accountStatusLabel(info.status), testId: 'agent-status' },
            { label: '加入时间', value: formatTime(info.createTime, 'YYYY-MM-DD') },
            { label: '备注', value: info.remark || '--' },
            { label: '上级分润比例', value: formatBp(info.superiorShareRate), testId: 'agent-rate' },
          ]}
        />
        <div className={styles.stats}>
          <span data-testid="agent-devices">
            设备 {info.deviceCount} 台（在线 {info.onlineDeviceCount}）
          </span>
          <span>站点 {info.siteCount} 个</span>
          <span>累计划拨 {info.transferredDeviceCount} 台</span>
        </div>
        <div className={styles.actions}>
          <Button size="small" onClick={() => store.startEdit(true)}>
            编辑
          </Button>
          <Button size="small" disabled={store.guard.busy('status')} onClick={() => void toggle()}>
            {info.status === 1 ? '停用' : '启用'}
          </Button>
          <Button
            size="small"
            color="primary"
            onClick={() => sheet.show(true, { merchantId: info.id, name: info.name, phone: info.phone })}
          >
            划拨设备
          </Button>
        </div>
      </section>
      <section className={riders.card} aria-labelledby="agent-recent">
        <div className={styles.head}>
          <h2 id="agent-recent">最近划拨</h2>
          <ActionLink to={href('factorialList', { tab: 'transfers' })}>查看全部</ActionLink>
        </div>
        {store.recent.data && store.recent.data.list.length === 0 && <p className={riders.muted}>暂无划拨记录</p>}
        {store.recent.data?.list.map((t) => (
          <TransferItem key={t.transferId} t={t} list={list} details={details} />
        ))}
      </section>
      <EditSheet store={store} />
      <TransferSheet store={sheet} preset />
      <TransferDetailSheet store={details} />
    </main>
  );
});

export default function FactorialInfo() {
  const query = useRouteQuery('factorialInfo');
  const navigate = useNavigate();
  if (!query) return <DetailFailed text="代理不存在" onRetry={() => void navigate(href('factorialList'))} />;
  return <AgentInfo id={query.id} />;
}
