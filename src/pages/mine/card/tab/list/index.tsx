import { ActionSheet, Checkbox, SearchBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { CardListPage, CardRow, CardType } from '@/api/card';
import { CARD_STATUS_LABELS, CARD_TYPE_LABELS } from '@/api/card-rules';
import { showAlert, toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { maskPhone } from '@/lib/phone';
import { formatTime } from '@/lib/time';
import { CardStatusTag, CardTabs, Chips, cardTypeOf, useLeaveToHub } from '@/sections/mine/card-parts';
import { useScreenStore } from '@/stores/screen-store';
import { cardListStore, type CardListStore } from '@/stores/screens/mine/card-list';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/list — 套餐卡列表 (C-mine.md card/tab/list): the cards of the query's type (title 站点储值卡列表 …) with
 * the status chips of the type, the site filter (query siteId preselects), the search (卡号 / 手机号 / 姓名), the summary
 * "共 N 张 · 余额合计 ¥X" and rows by type; pull-to-refresh and infinite scroll (the shared virtualised list). Area cards
 * have 批量绑定站点: tick cards, choose sites on the picker, and they are bound on return.
 */

function Row({ card, store }: { card: CardRow; store: CardListStore }) {
  const holder =
    card.status === 1
      ? `${CARD_STATUS_LABELS[1]} · 库存卡`
      : `${card.holderName || card.nickname || '--'} ${maskPhone(card.phone)}`;
  const body = (
    <>
      <div className={styles.itemHead}>
        <b>{card.cardNo}</b>
        <CardStatusTag status={card.status} />
      </div>
      <div className={styles.itemLine}>
        <span>{card.cardType === 4 ? `${card.nickname ?? '--'} ${maskPhone(card.phone)}` : holder}</span>
        {card.cardType === 2 ? (
          <span>{card.templateName ?? '--'}</span>
        ) : (
          <span className={styles.money}>
            余额 {formatFen(card.balance + card.giveBalance)}
            {card.giveBalance > 0 && <span className={styles.muted}>（含赠送 {formatFen(card.giveBalance)}）</span>}
          </span>
        )}
      </div>
      <div className={styles.itemLine}>
        <span>{card.cardType === 3 ? `适用 ${card.siteCount} 个站点` : (card.siteName ?? '--')}</span>
        {card.cardType === 2 ? (
          <span>
            {card.startDate && card.endDate ? `${card.startDate} 至 ${card.endDate}` : '--'}
            {card.status === 3 && (
              <span className={(card.remainDays ?? 0) <= 3 ? styles.danger : undefined}>
                {' '}
                剩余 {card.remainDays} 天
              </span>
            )}
          </span>
        ) : card.cardType === 4 ? (
          <span>购卡时间 {formatTime(card.createTime, 'YYYY-MM-DD')}</span>
        ) : (
          <span>最近使用 {card.lastUseTime ? formatTime(card.lastUseTime) : '--'}</span>
        )}
      </div>
    </>
  );
  if (store.batch) {
    return (
      <div className={styles.item} data-testid={`card-${card.cardId}`} style={{ display: 'flex', gap: 10 }}>
        <Checkbox
          checked={store.selected.has(card.cardId)}
          onChange={() => {
            const refusal = store.toggle(card);
            if (refusal) toast(refusal);
          }}
        />
        <div style={{ flex: 1 }}>{body}</div>
      </div>
    );
  }
  return (
    <EntryLink
      to={href('cardInfo', { cardId: card.cardId, cardType: card.cardType })}
      className={styles.item}
      testId={`card-${card.cardId}`}
    >
      {body}
    </EntryLink>
  );
}

const CardListPageView = observer(function CardListPageView({
  cardType,
  siteId,
}: {
  cardType: CardType;
  siteId: number | undefined;
}) {
  const store = useScreenStore(cardListStore, cardType);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const applied = useRef(false);
  if (!applied.current) {
    applied.current = true;
    if (siteId !== undefined) store.setSite(siteId);
  }
  useEffect(() => {
    void store.sites.load();
  }, [store]);
  // Back from the site picker in batch mode: bind the ticked cards.
  useEffect(() => {
    if (!store.batchSites) return;
    void store.bindSelected().then((result) => {
      if (!result) return;
      toast(result.text);
      if (result.failures.length > 0) void showAlert({ title: '部分卡片未绑定', html: result.failures.join('<br/>') });
    });
  }, [store, store.batchSites]);
  const chooseSite = () => {
    const handler = ActionSheet.show({
      actions: [
        { key: 'all', text: '全部站点' },
        ...(store.sites.data ?? []).map((s) => ({ key: String(s.id), text: s.name })),
      ],
      cancelText: '取消',
      onAction: (action) => {
        store.setSite(action.key === 'all' ? undefined : Number(action.key));
        handler.close();
      },
    });
  };
  const addTo = href('cardAdd', { cardType });
  const label = CARD_TYPE_LABELS[cardType];
  return (
    <main className={styles.page} style={{ paddingTop: 0 }}>
      <CardTabs cardType={cardType} current="list" canAdd={store.canEdit && isBuilt(addTo)} />
      <Chips
        testId="status-chips"
        items={store.chips.map((c) => ({ label: c.label, value: c.status }))}
        value={store.status}
        onChange={(v) => store.setStatus(v)}
      />
      <div className={styles.filters}>
        <button type="button" className={styles.select} onClick={chooseSite} data-testid="site-filter">
          {store.siteLabel} ▾
        </button>
        <SearchBar
          placeholder="卡号 / 手机号 / 姓名"
          value={store.keyword}
          onChange={(v) => store.setKeyword(v)}
          maxLength={20}
        />
      </div>
      <div className={styles.itemHead}>
        <p className={styles.summary} data-testid="card-summary">
          {store.summary
            ? `共 ${store.summary.total} 张${cardType === 2 ? '' : ` · 余额合计 ${formatFen(store.summary.balanceSum)}`}`
            : '共 -- 张'}
        </p>
        {cardType === 3 && store.canEdit && isBuilt(href('cardAddAddress', { cardType: 3 })) && (
          <Button size="mini" fill="outline" color="primary" onClick={() => store.toggleBatch()}>
            {store.batch ? '取消批量' : '批量绑定站点'}
          </Button>
        )}
      </div>
      <PagedList<CardRow, CardListPage>
        testId="card-list"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={store.watch}
        debounceMs={300}
        itemKey={(c) => c.cardId}
        estimateSize={112}
        skeletonRows={5}
        onPage={(page) => store.onPage(page)}
        renderItem={(card) => <Row card={card} store={store} />}
        empty={
          <div>
            <p>暂无{label}</p>
            {cardType !== 4 && store.canEdit && isBuilt(addTo) && (
              <Button size="small" color="primary" onClick={() => void navigate(addTo)}>
                添加卡片
              </Button>
            )}
          </div>
        }
      />
      {store.batch && (
        <div className={styles.bar}>
          <span className={styles.barText}>已选 {store.selected.size} 张</span>
          <Button
            color="primary"
            disabled={store.selected.size === 0 || store.binding}
            loading={store.binding}
            onClick={() => void navigate(href('cardAddAddress', { cardType: 3, mode: 'batch' }))}
          >
            选择站点
          </Button>
        </div>
      )}
    </main>
  );
});

export default function CardList() {
  const query = useRouteQuery('cardList');
  const cardType = cardTypeOf(query?.cardType);
  useLeaveToHub(cardType === null);
  if (!cardType) return null;
  return <CardListPageView cardType={cardType} siteId={query?.siteId} />;
}
