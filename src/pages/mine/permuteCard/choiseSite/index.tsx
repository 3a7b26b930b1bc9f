import { CheckOutline } from 'antd-mobile-icons';
import { SearchBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { DetailFailed, DetailLoading } from '@/sections/mine/card-parts';
import { useScreenStore } from '@/stores/screen-store';
import { replaceSiteStore } from '@/stores/screens/mine/card-replace';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/permuteCard/choiseSite — 旧卡更换-选择站点 (C-mine.md choiseSite): the sites of the replacement activity in
 * progress (name, address; the current choice ticked), searchable (≤ 20 characters). A tap writes siteId and siteName
 * to the old-card draft (another site clears the old card and its balance) and goes back.
 */
const ChoiseSite = observer(function ChoiseSite() {
  const store = useScreenStore(replaceSiteStore);
  const navigate = useNavigate();
  useEffect(() => {
    void store.activity.load();
  }, [store]);
  if (!store.activity.data) {
    if (store.activity.failed) return <DetailFailed text="加载失败" onRetry={() => void store.activity.load()} />;
    if (store.activity.loading) return <DetailLoading />;
  }
  const sites = store.sites;
  return (
    <main className={styles.page}>
      <SearchBar
        placeholder="站点名称或地址"
        maxLength={20}
        value={store.keyword}
        onChange={(v) => store.setKeyword(v)}
      />
      <div className={styles.spacer} />
      {sites.length === 0 ? (
        <div className={styles.center}>
          <p>活动暂无可选站点</p>
        </div>
      ) : (
        sites.map((s) => (
          <div
            key={s.siteId}
            className={styles.item}
            role="button"
            data-testid={`replace-site-${s.siteId}`}
            onClick={() => {
              store.choose(s);
              void navigate(-1);
            }}
          >
            <div className={styles.itemHead}>
              <b>{s.siteName}</b>
              {store.chosen === s.siteId && <CheckOutline color="var(--brand)" aria-label="已选择" />}
            </div>
            <div className={styles.itemLine}>
              <span>{s.address || '--'}</span>
            </div>
          </div>
        ))
      )}
    </main>
  );
});

export default ChoiseSite;
