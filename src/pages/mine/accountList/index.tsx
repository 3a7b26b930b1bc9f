import { accountStatusLabel } from '@/api/accounts-rules';
import { Tag } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { PhoneFill } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { Page } from '@/api/http';
import { permissionSummary, siteScopeSummary, ACCOUNT_MESSAGES, type SubAccount } from '@/api/accounts';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { href } from '@/config/routes';
import { telHref } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import { BottomBar } from '@/sections/mine/card-parts';
import riders from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { subAccountListStore } from '@/stores/screens/mine/sub-accounts';
import styles from './account-list.module.css';

/**
 * /mine/accountList — 子账号 (C-mine.md "/mine/accountList"; Business rule 20): "共 N 个 · 最多20个", the operator's
 * staff logins on the shared list (name, phone in full with a call button, status 启用 / 停用 in words, 权限
 * "站点管理、卡片管理等5项", 站点 全部站点 / 指定N个站点, 最近登录); a row opens its detail, 新增子账号 the empty form
 * (disabled at 20 with 最多创建20个子账号). Reloads when a sub-account was saved.
 */

/** One sub-account row: the detail link, and the call button beside it. */
function SubAccountRow({ a }: { a: SubAccount }) {
  const tel = telHref(a.phone);
  return (
    <div className={styles.row} data-testid={`sub-account-${a.id}`}>
      <RowLink to={href('accountInfo', { id: a.id })} className={styles.main}>
        <div className={riders.itemHead}>
          <b>{a.name}</b>
          <Tag color={a.status === 1 ? 'success' : 'default'} fill="outline" data-testid="sub-account-status">
            {accountStatusLabel(a.status)}
          </Tag>
        </div>
        <div className={riders.itemLine}>
          <span>{a.phone}</span>
          <span>最近登录 {a.lastLoginTime ? formatTime(a.lastLoginTime) : '--'}</span>
        </div>
        <div className={riders.itemLine}>
          <span data-testid="sub-account-permissions">权限 {permissionSummary(a.permissions)}</span>
          <span data-testid="sub-account-sites">站点 {siteScopeSummary(a.dataScope, a.siteIds)}</span>
        </div>
      </RowLink>
      {tel && (
        <a href={tel} className={styles.call} aria-label={`拨打${a.name}的电话`}>
          <PhoneFill />
        </a>
      )}
    </div>
  );
}

const AccountList = observer(function AccountList() {
  const store = useScreenStore(subAccountListStore);
  const navigate = useNavigate();
  const add = () => {
    if (store.full) {
      toast(ACCOUNT_MESSAGES.limit);
      return;
    }
    void navigate(href('accountInfo'));
  };
  return (
    <main className={riders.page}>
      <p className={riders.summary} data-testid="sub-account-count">
        {store.countText}
      </p>
      <PagedList<SubAccount, Page<SubAccount>>
        testId="sub-account-list"
        fetchPage={(n, size) => store.page(n, size)}
        watch={store.watch}
        itemKey={(a) => a.id}
        estimateSize={110}
        onPage={(page) => store.setTotal(page.total)}
        renderItem={(a) => <SubAccountRow a={a} />}
        empty={<p className={riders.center}>暂无子账号，添加后员工可用手机号登录</p>}
      />
      <BottomBar>
        <Button block color="primary" disabled={store.full} onClick={add} data-testid="sub-account-add">
          新增子账号
        </Button>
        {store.full && <span className={riders.muted}>{ACCOUNT_MESSAGES.limit}</span>}
      </BottomBar>
    </main>
  );
});

export default AccountList;
