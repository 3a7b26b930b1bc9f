import { Checkbox, Radio, SearchBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { BindSite, CardType } from '@/api/card';
import type { Page } from '@/api/http';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { BottomBar, cardTypeOf, useLeaveToHub } from '@/sections/mine/card-parts';
import { useScreenStore } from '@/stores/screen-store';
import { cardListStore } from '@/stores/screens/mine/card-list';
import { cardAddStore, sitePickerStore, type ChosenSite, type SitePickerStore } from '@/stores/screens/mine/card-sites';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/add/address — 选择适用站点 (C-mine.md card/tab/add/address; Business rule 6): the caller's sites with
 * their fee rule and the cards bound to each; radio for types 1/2, checkboxes for area cards (after the first pick,
 * sites of another rule are greyed "收费规则不一致"; at most 50). Tapping a site first asks siteAvailableRule: a site
 * that does not accept the card type stays unselected ("该站点未开通{卡类型}"). 确定 goes back with the choice: to the
 * add form, or (mode=batch) to the area-card list, which then binds the ticked cards.
 */

/** One site of the picker: its tick, name, rule, address and bound-card count (loaded after the page). */
const SiteRow = observer(function SiteRow({
  store,
  site: s,
  onTap,
}: {
  store: SitePickerStore;
  site: BindSite;
  onTap: (site: BindSite) => void;
}) {
  const greyed = store.isOtherRule(s) && !store.isChosen(s.siteId);
  return (
    <div
      className={styles.item}
      role="button"
      data-testid={`pick-site-${s.siteId}`}
      style={{ display: 'flex', gap: 10, alignItems: 'center', opacity: greyed ? 0.5 : 1 }}
      onClick={() => onTap(s)}
    >
      {store.multiple ? (
        <Checkbox checked={store.isChosen(s.siteId)} disabled={greyed} />
      ) : (
        <Radio checked={store.isChosen(s.siteId)} />
      )}
      <div style={{ flex: 1 }}>
        <div className={styles.itemHead}>
          <b>{s.siteName}</b>
          <span className={styles.muted}>{s.ruleName}</span>
        </div>
        <div className={styles.itemLine}>
          <span>{s.address || '--'}</span>
          <span data-testid={`bound-cards-${s.siteId}`}>已绑卡 {store.counts.get(s.siteId) ?? '--'} 张</span>
        </div>
        {greyed && <span className={styles.warning}>收费规则不一致</span>}
      </div>
    </div>
  );
});

const Picker = observer(function Picker({ cardType, batch }: { cardType: CardType; batch: boolean }) {
  const add = useScreenStore(cardAddStore, cardType);
  const list = useScreenStore(cardListStore, cardType);
  const initial: ChosenSite[] = batch ? [] : add.sites;
  const store = useScreenStore(sitePickerStore, cardType, initial);
  const navigate = useNavigate();
  const done = () => {
    if (store.error) {
      toast(store.error);
      return;
    }
    const ids = store.chosen.map((s) => s.siteId);
    if (batch) list.chooseBatchSites(ids, 1);
    else add.chooseSites(store.chosen);
    void navigate(-1);
  };
  const tap = async (site: BindSite) => {
    const refusal = await store.tap(site);
    if (refusal) toast(refusal);
  };
  return (
    <main className={styles.page}>
      <SearchBar
        placeholder="站点名称或地址"
        value={store.keyword}
        onChange={(v) => store.setKeyword(v)}
        maxLength={30}
      />
      <div style={{ height: 10 }} />
      <PagedList<BindSite, Page<BindSite>>
        testId="site-picker"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={[store.keyword.trim()]}
        debounceMs={300}
        itemKey={(s) => s.siteId}
        estimateSize={84}
        onPage={(page) => void store.countCards(page.list)}
        renderItem={(s) => <SiteRow store={store} site={s} onTap={(site) => void tap(site)} />}
        empty={<p>暂无站点</p>}
      />
      <BottomBar>
        <Button color="primary" disabled={store.checking} onClick={done}>
          确定 ({store.chosen.length})
        </Button>
      </BottomBar>
    </main>
  );
});

export default function CardAddAddress() {
  const query = useRouteQuery('cardAddAddress');
  const cardType = cardTypeOf(query?.cardType);
  useLeaveToHub(cardType === null || cardType === 4);
  if (!cardType || cardType === 4) return null;
  return <Picker cardType={cardType} batch={query?.mode === 'batch'} />;
}
