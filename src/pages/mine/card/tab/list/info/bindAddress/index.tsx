import { clsx } from 'clsx';
import { Checkbox, Popup } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import type { BindSite } from '@/api/card';
import type { Page } from '@/api/http';
import { confirm, toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useStores } from '@/stores/root';
import { BottomBar, DetailFailed, DetailLoading, useCardQuery } from '@/sections/mine/card-parts';
import { useScreenStore } from '@/stores/screen-store';
import { bindAddressStore, type BindAddressStore } from '@/stores/screens/mine/card-sites';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/list/info/bindAddress — 绑定站点 (C-mine.md …/bindAddress; Business rule 6): types 1/2/4 show the bound
 * site (types 1/2: 更换站点 through a picker and a confirmation; e-cards read-only); area cards (3) have the tabs 已绑定
 * (N) with 解绑 (at least one stays) and 可添加 with checkboxes (sites of another fee rule greyed "收费规则不一致") and
 * "添加所选 (N)". Changing needs card:edit.
 */

function SiteLine({ site }: { site: BindSite }) {
  return (
    <>
      <div className={styles.itemHead}>
        <b>{site.siteName}</b>
        <span className={styles.muted}>{site.ruleName}</span>
      </div>
      <div className={styles.itemLine}>
        <span>{site.address || '--'}</span>
      </div>
    </>
  );
}

/** The picker of another site for types 1/2. */
const MoveSheet = observer(function MoveSheet({
  store,
  current,
  onClose,
}: {
  store: BindAddressStore;
  current: number | null;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const pick = async (site: BindSite) => {
    if (!(await confirm('更换站点', `更换后原站点将无法使用此卡，确定更换为「${site.siteName}」？`))) return;
    if (await store.move(site.siteId)) {
      toast('更换成功');
      onClose();
    }
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ height: '70vh' }}>
      <div
        ref={box}
        className={styles.sheet}
        style={{ maxHeight: '70vh', position: 'relative' }}
        data-testid="move-sheet"
      >
        <h3>选择站点</h3>
        <PagedList<BindSite, Page<BindSite>>
          scrollParent={box}
          fetchPage={(pageNum, pageSize) => store.unbound(pageNum, pageSize)}
          itemKey={(s) => s.siteId}
          estimateSize={70}
          renderItem={(s) =>
            s.siteId === current ? null : (
              <div
                className={styles.item}
                role="button"
                onClick={() => void pick(s)}
                style={{ border: '1px solid #f2f3f5' }}
              >
                <SiteLine site={s} />
              </div>
            )
          }
          empty={<p>暂无可添加的站点</p>}
        />
      </div>
    </Popup>
  );
});

const BindAddress = observer(function BindAddress({ cardType, cardId }: { cardType: 1 | 2 | 3 | 4; cardId: number }) {
  const store = useScreenStore(bindAddressStore, cardType, cardId);
  const { session } = useStores();
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    void store.bound.load();
  }, [store]);
  const sites = store.bound.data;
  if (!sites) {
    if (store.bound.failed) return <DetailFailed text="加载失败" onRetry={() => void store.bound.load()} />;
    return <DetailLoading />;
  }
  const canEdit = session.can('card:edit');
  if (cardType !== 3) {
    const site = sites[0];
    return (
      <main className={styles.page}>
        <section className={styles.card} data-testid="bound-site">
          {site ? <SiteLine site={site} /> : <p>未绑定站点</p>}
        </section>
        {cardType === 4 ? (
          <p className={styles.muted}>电子卡由用户线上购买，不可更换站点</p>
        ) : (
          canEdit && (
            <Button block color="primary" fill="outline" onClick={() => setMoving(true)}>
              更换站点
            </Button>
          )
        )}
        {moving && <MoveSheet store={store} current={site?.siteId ?? null} onClose={() => setMoving(false)} />}
      </main>
    );
  }
  const unbind = async (site: BindSite) => {
    if (!(await confirm('解绑站点', `解绑后该卡将无法在「${site.siteName}」充电，确定解绑？`))) return;
    const result = await store.remove(site.siteId);
    if (typeof result === 'string') toast(result);
    else if (result) toast('已解绑');
  };
  const add = async () => {
    const count = await store.addChosen();
    if (count) toast(`已添加 ${count} 个站点`);
  };
  return (
    <main className={styles.page} style={{ paddingTop: 0 }}>
      <nav className={styles.tabs}>
        <button
          type="button"
          className={clsx(styles.tab, store.tab === 'bound' && styles.tabActive)}
          onClick={() => store.setTab('bound')}
        >
          已绑定 ({sites.length})
        </button>
        {canEdit && (
          <button
            type="button"
            className={clsx(styles.tab, store.tab === 'add' && styles.tabActive)}
            onClick={() => store.setTab('add')}
          >
            可添加
          </button>
        )}
      </nav>
      {store.tab === 'bound' ? (
        sites.map((s) => (
          <div key={s.siteId} className={styles.item} data-testid={`bound-${s.siteId}`}>
            <SiteLine site={s} />
            {canEdit && (
              <div style={{ textAlign: 'right', marginTop: 6 }}>
                <Button size="mini" color="danger" fill="outline" disabled={store.busy} onClick={() => void unbind(s)}>
                  解绑
                </Button>
              </div>
            )}
          </div>
        ))
      ) : (
        <>
          <PagedList<BindSite, Page<BindSite>>
            testId="addable-sites"
            fetchPage={(pageNum, pageSize) => store.unbound(pageNum, pageSize)}
            watch={[sites.length]}
            itemKey={(s) => s.siteId}
            estimateSize={80}
            renderItem={(s) => (
              <div
                className={styles.item}
                style={{ display: 'flex', gap: 10, opacity: s.sameRule === false ? 0.5 : 1 }}
                onClick={() => {
                  const refusal = store.toggleAdd(s);
                  if (refusal) toast(refusal);
                }}
              >
                <Checkbox checked={store.adding.has(s.siteId)} disabled={s.sameRule === false} />
                <div style={{ flex: 1 }}>
                  <SiteLine site={s} />
                  {s.sameRule === false && <span className={styles.warning}>收费规则不一致</span>}
                </div>
              </div>
            )}
            empty={<p>暂无可添加的站点</p>}
          />
          <BottomBar>
            <Button
              color="primary"
              disabled={store.adding.size === 0 || store.busy}
              loading={store.busy}
              onClick={() => void add()}
            >
              添加所选 ({store.adding.size})
            </Button>
          </BottomBar>
        </>
      )}
    </main>
  );
});

export default function BindAddressScreen() {
  const query = useCardQuery('cardBindAddress');
  if (!query) return null;
  return <BindAddress key={query.cardId} cardType={query.cardType} cardId={query.cardId} />;
}
