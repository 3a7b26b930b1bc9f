import { clsx } from 'clsx';
import { RowLink } from '@/components/links';
import { Popup, SearchBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { CARD_STATUS_LABELS, CARD_TYPE_LABELS } from '@/api/card-rules';
import { toast } from '@/components/feedback';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { maskPhone } from '@/lib/phone';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { cardHubStore, type CardHubStore } from '@/stores/screens/mine/card-hub';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card — 卡片管理 (C-mine.md /mine/card): the search of riders by phone (→ their cards → a card), the four type
 * tiles (总数, 已激活, 卡内余额合计 or 有效中; "+ 新增" on types 1–3 with card:edit) and the tools (充值设置, 注销记录,
 * 旧卡更换). Figures are "--" while loading; a failure shows 加载失败 with 重试.
 */

const Sheets = observer(function Sheets({ store }: { store: CardHubStore }) {
  const navigate = useNavigate();
  return (
    <>
      <Popup
        visible={store.users.length > 0}
        onMaskClick={() => store.closeSheets()}
        onClose={() => store.closeSheets()}
      >
        <div className={styles.sheet} data-testid="rider-sheet">
          <h3>选择持卡用户</h3>
          {store.users.map((u) => (
            <button
              key={`${u.userId ?? 'holder'}-${u.nickname}`}
              type="button"
              className={clsx(styles.item, styles.itemHead)}
              style={{ width: '100%', border: '1px solid #f2f3f5' }}
              onClick={() => void store.pick(u)}
            >
              <b>{u.nickname}</b>
              <span className={styles.muted}>
                {maskPhone(u.phone)} · 卡片 {u.cardCount} 张
              </span>
            </button>
          ))}
        </div>
      </Popup>
      <Popup
        visible={store.picked !== null}
        onMaskClick={() => store.closeSheets()}
        onClose={() => store.closeSheets()}
      >
        <div className={styles.sheet} data-testid="rider-cards">
          <h3>{store.picked?.user.nickname} 的卡片</h3>
          {store.picked?.cards.map((c) => (
            <button
              key={c.cardId}
              type="button"
              className={styles.item}
              style={{ width: '100%', border: '1px solid #f2f3f5', textAlign: 'left' }}
              onClick={() => {
                store.closeSheets();
                void navigate(href('cardInfo', { cardId: c.cardId, cardType: c.cardType }));
              }}
            >
              <div className={styles.itemHead}>
                <b>{c.cardNo}</b>
                <span>
                  {CARD_TYPE_LABELS[c.cardType]} · {CARD_STATUS_LABELS[c.status]}
                </span>
              </div>
              <div className={styles.itemLine}>
                <span>
                  {c.cardType === 2 ? `有效期至 ${c.endDate ?? '--'}` : `余额 ${formatFen(c.balance + c.giveBalance)}`}
                </span>
                <span>{c.siteNames.join('、')}</span>
              </div>
            </button>
          ))}
        </div>
      </Popup>
    </>
  );
});

const CardHub = observer(function CardHub() {
  const store = useScreenStore(cardHubStore);
  const { session } = useStores();
  const isBuilt = useIsBuilt();
  useEffect(() => {
    void store.counts.load();
  }, [store]);
  const search = async () => {
    const text = await store.search();
    if (text) toast(text);
  };
  const tools = [
    { label: '充值设置', to: href('rechargeSet'), show: session.can('card:view') },
    { label: '注销记录', to: href('resetCardList'), show: session.can('card:view') },
    { label: '旧卡更换', to: href('permuteCard'), show: session.can('card:edit') },
  ].filter((t) => t.show && isBuilt(t.to));
  return (
    <main className={styles.page}>
      <div className={styles.card} style={{ padding: 8 }}>
        <SearchBar
          placeholder="输入持卡人手机号查卡"
          value={store.phone}
          onChange={(v) => store.setPhone(v)}
          onSearch={() => void search()}
          maxLength={11}
          data-testid="card-search"
        />
      </div>
      {store.counts.failed && !store.counts.data && (
        <div className={styles.card} role="alert">
          加载失败{' '}
          <Button size="mini" onClick={() => void store.counts.load()}>
            重试
          </Button>
        </div>
      )}
      <div className={styles.tiles}>
        {store.tiles.map((t) => (
          <div key={t.cardType} className={styles.tile} data-testid={`card-tile-${t.cardType}`}>
            <RowLink to={href('cardList', { cardType: t.cardType })}>
              <h3>{t.label}</h3>
              <p>
                总数 <b data-testid={`tile-total-${t.cardType}`}>{t.total ?? '--'}</b> 张 · 已激活{' '}
                {t.activeCount ?? '--'} 张
              </p>
              <p>
                {t.cardType === 2
                  ? `有效中 ${t.validCount ?? '--'} 张`
                  : `卡内余额合计 ${t.balanceSum === null ? '--' : formatFen(t.balanceSum)}`}
              </p>
            </RowLink>
            {t.cardType !== 4 && store.canAdd && (
              <EntryLink to={href('cardAdd', { cardType: t.cardType })} className={styles.tileAdd}>
                + 新增
              </EntryLink>
            )}
          </div>
        ))}
      </div>
      {tools.length > 0 && (
        <div className={styles.tools}>
          {tools.map((t) => (
            <RowLink key={t.label} to={t.to} className={styles.tool}>
              {t.label}
            </RowLink>
          ))}
        </div>
      )}
      <Sheets store={store} />
    </main>
  );
});

export default CardHub;
