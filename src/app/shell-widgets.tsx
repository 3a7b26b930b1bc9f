import { DotLoading, TabBar } from 'antd-mobile';
import { AppOutline, EnvironmentOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import upgradeNotice from '@/assets/upgrade-notice.svg';
import { LOADING_TEXT, STORAGE_KEYS } from '@/config/constants';
import { writeItem } from '@/lib/storage';
import { prefetchRoute } from './prefetch';
import { TABS, activeTab, tabNavigation, type TabKey } from './shell-rules';

/**
 * The shell's widgets (spec §2): tab bar, loading indicator, upgrade popup. Their own chunk (see shell.tsx).
 */

const TAB_ICONS: Record<TabKey, ReactNode> = {
  home: <AppOutline />,
  site: <EnvironmentOutline />,
  income: <PayCircleOutline />,
  mine: <UserOutline />,
};

/**
 * The bottom tab bar (spec §2): tapping the active tab does nothing, another goes to its route with isShowModal=1. The
 * tabs' screens are loaded when the app is idle (their first visit costs what a tab switch costs).
 */
export function AppTabBar({ pathname }: { pathname: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    for (const tab of TABS) prefetchRoute(tab.route);
  }, []);
  return (
    <nav className="app-tab-bar" aria-label="底部导航">
      <TabBar
        activeKey={activeTab(pathname)}
        onChange={(key) => {
          const to = tabNavigation(pathname, key as TabKey);
          if (to) void navigate(to);
        }}
      >
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={TAB_ICONS[tab.key]} title={tab.label} />
        ))}
      </TabBar>
    </nav>
  );
}

/** The loading indicator: a centred 加载中 over a transparent mask that blocks taps while the flag is on. */
export function LoadingIndicator() {
  return (
    <div className="app-loading-mask">
      <div className="app-loading" role="status">
        <span className="app-loading__dots">
          <DotLoading color="white" />
        </span>
        <span>{LOADING_TEXT}</span>
      </div>
    </div>
  );
}

/** The upgrade popup (spec §2): image and 我知道了, which sets upgradeTips and hides it. */
export function UpgradePopup({ onClose }: { onClose: () => void }) {
  return (
    <div className="upgrade-popup-mask" role="dialog" aria-label="系统升级公告">
      <div className="upgrade-popup">
        <img src={upgradeNotice} width={300} alt="系统升级公告" />
        <button
          type="button"
          className="upgrade-popup__button"
          onClick={() => {
            writeItem('local', STORAGE_KEYS.upgradeTips, '1');
            onClose();
          }}
        >
          我知道了
        </button>
      </div>
    </div>
  );
}
