import { Badge } from 'antd-mobile';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { badgeText } from '@/components/badge';
import { href, pathOf } from '@/config/routes';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { workOrderStore } from '@/stores/screens/mine/work-order';

/**
 * /mine/workOrder — 安装工单 (C-mine.md): the tabs 线上工单 (badge 待审核) | 施工中工单 (badge 待验收) over the child route;
 * /mine/workOrder itself opens online, or working for a builder, whose online tab is hidden. The badges refresh on
 * every entry (and after a review or an acceptance, by the detail); they are hidden when 0 or on error.
 */
const WorkOrderLayout = observer(function WorkOrderLayout() {
  const store = useScreenStore(workOrderStore);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    void store.refresh();
  }, [store, pathname]);
  const here = pathname.replace(/\/$/, '');
  if (here === pathOf('workOrder')) {
    return <Navigate to={href(store.isBuilder ? 'workOrderWorking' : 'workOrderOnline')} replace />;
  }
  if (store.isBuilder && here === pathOf('workOrderOnline')) return <Navigate to={href('workOrderWorking')} replace />;
  const current = here === pathOf('workOrderOnline') ? 'online' : 'working';
  const counts = store.counts.data;
  const tabs = [
    ...(store.isBuilder
      ? []
      : [
          {
            key: 'online' as const,
            label: '线上工单',
            badge: counts?.waitApproveCount ?? 0,
            to: href('workOrderOnline'),
          },
        ]),
    { key: 'working' as const, label: '施工中工单', badge: counts?.waitAcceptCount ?? 0, to: href('workOrderWorking') },
  ];
  return (
    <main className={styles.page}>
      <nav className={styles.tabs} role="tablist" aria-label="工单类型">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={current === t.key}
            className={clsx(styles.tab, current === t.key && styles.tabActive)}
            data-testid={`work-order-tab-${t.key}`}
            onClick={() => {
              if (current !== t.key) void navigate(t.to, { replace: true });
            }}
          >
            {t.badge > 0 ? <Badge content={badgeText(t.badge)}>{t.label}</Badge> : t.label}
          </button>
        ))}
      </nav>
      <Outlet />
    </main>
  );
});

export default WorkOrderLayout;
