import { Badge } from 'antd-mobile';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { badgeText } from '@/components/badge';
import { href, pathOf } from '@/config/routes';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { siteAuthorStore } from '@/stores/screens/mine/site-author';

/**
 * /mine/siteAuthor — 站点授权 (C-mine.md): the tabs 待处理 (badge = pending applications) | 已处理 over the child route;
 * /mine/siteAuthor itself opens 待处理. The badge is read on every entry (and after a decision, coming back from the
 * detail), written to merchant base info's accreditCount, and hidden when 0 or on error (silenced).
 */
const SiteAuthorLayout = observer(function SiteAuthorLayout() {
  const store = useScreenStore(siteAuthorStore);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    void store.refresh();
  }, [store, pathname]);
  const here = pathname.replace(/\/$/, '');
  if (here === pathOf('siteAuthor')) return <Navigate to={href('siteAuthorUndisposed')} replace />;
  const current = here === pathOf('siteAuthorProcessed') ? 'processed' : 'undisposed';
  const tabs = [
    { key: 'undisposed' as const, label: '待处理', badge: store.pending, to: href('siteAuthorUndisposed') },
    {
      key: 'processed' as const,
      label: '已处理',
      badge: 0,
      to: current === 'processed' ? `${href('siteAuthorProcessed')}${search}` : href('siteAuthorProcessed'),
    },
  ];
  return (
    <main className={styles.page}>
      <nav className={styles.tabs} role="tablist" aria-label="授权申请状态">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={current === t.key}
            className={clsx(styles.tab, current === t.key && styles.tabActive)}
            data-testid={`site-author-tab-${t.key}`}
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

export default SiteAuthorLayout;
