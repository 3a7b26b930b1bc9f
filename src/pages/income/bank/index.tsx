import { ActionSheet, PullToRefresh, Tag } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { CheckCircleFill } from 'antd-mobile-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { CorporateAccount, SavingsCard } from '@/api/bank';
import { BANK_VERIFY_STATUS_LABELS } from '@/api/income-rules';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { BankLogo, Block, Failed, Loading, Page } from '@/sections/income/parts';
import { useScreenStore } from '@/stores/screen-store';
import { bankStore, cashBankOf, selectable, type BankStore } from '@/stores/screens/income/bank';
import styles from './bank.module.css';

/**
 * /income/bank — 我的银行卡 (D-income.md §2 "/income/bank"): channel 1 — savings-card tiles (logo, bank, 储蓄卡, masked
 * number, holder, tags 自动提现 / 当前选择) and the corporate accounts with their verification tag, `+ 添加储蓄卡` below
 * 5 cards; channel 2 — the entity's 结算卡 with 更换结算卡. Select mode (select=1) picks the card of the next withdrawal
 * (for=auto: of the automatic withdrawal) and goes back; otherwise a tap offers 解绑银行卡 with a confirmation.
 */

/** A corporate account's verification tag: the words of BANK_VERIFY_STATUS_LABELS, the colour repeating them. */
const VERIFY_TAGS: Record<0 | 1 | 2, { text: string; color: string }> = {
  0: { text: BANK_VERIFY_STATUS_LABELS[0], color: 'default' },
  1: { text: BANK_VERIFY_STATUS_LABELS[1], color: 'warning' },
  2: { text: BANK_VERIFY_STATUS_LABELS[2], color: 'success' },
};

const SavingsTile = observer(function SavingsTile({
  card,
  store,
  onTap,
}: {
  card: SavingsCard;
  store: BankStore;
  onTap: () => void;
}) {
  return (
    <button type="button" className={styles.tile} data-testid={`bank-card-${card.bankCardId}`} onClick={onTap}>
      <div className={styles.tileHead}>
        <BankLogo url={card.bankLogo} />
        <b>{card.bankName}</b>
        <span className={styles.tileType}>储蓄卡</span>
        {store.chosenId === card.bankCardId && <CheckCircleFill className={styles.check} aria-label="当前选择" />}
      </div>
      <div className={styles.tileNo}>{card.cardNoMasked}</div>
      <div className={styles.tileFoot}>
        <span>{card.holderName}</span>
        {card.isAutoWithdraw && (
          <Tag color="#fff" fill="outline">
            自动提现
          </Tag>
        )}
        {store.chosenId === card.bankCardId && (
          <Tag color="#fff" fill="outline">
            当前选择
          </Tag>
        )}
      </div>
    </button>
  );
});

const CorporateRow = observer(function CorporateRow({
  account,
  selectMode,
  onTap,
}: {
  account: CorporateAccount;
  selectMode: boolean;
  onTap: () => void;
}) {
  const tag = VERIFY_TAGS[account.verifyStatus];
  const dimmed = selectMode && !selectable(account);
  return (
    <button
      type="button"
      className={clsx(styles.corp, dimmed && styles.dimmed)}
      aria-disabled={dimmed || undefined}
      data-testid={`bank-corp-${account.bankCardId}`}
      onClick={onTap}
    >
      <BankLogo url={account.bankLogo} />
      <div className={styles.corpText}>
        <b>{account.accountName}</b>
        <span>
          {account.bankName} {account.branchName} ({account.cardNoTail})
        </span>
      </div>
      <Tag color={tag.color}>{tag.text}</Tag>
    </button>
  );
});

const ChannelTwo = observer(function ChannelTwo({ store }: { store: BankStore }) {
  const isBuilt = useIsBuilt();
  const card = store.settle.data;
  if (store.settle.failed) return <Failed onRetry={() => void store.load()} />;
  if (store.settle.pending) return <Loading />;
  return (
    <Block title="结算卡" testId="bank-settle">
      {card ? (
        <div className={styles.corp}>
          <BankLogo url={card.bankLogo} />
          <div className={styles.corpText}>
            <b>
              {card.bankName}({card.cardNoTail})
            </b>
            <span>
              {card.holderName} · {card.cardType === 2 ? '对公账户' : '个人卡'}
            </span>
          </div>
        </div>
      ) : (
        <p className={styles.note}>暂无结算卡</p>
      )}
      {isBuilt(href('exchangeBank')) && (
        <ActionLink to={href('exchangeBank')} className={styles.linkButton}>
          更换结算卡
        </ActionLink>
      )}
      <p className={styles.note}>已开通网商银行账户，提现将到账至主体结算卡</p>
    </Block>
  );
});

const Bank = observer(function Bank() {
  const query = useRouteQuery('bank');
  const selectMode = query?.select === 1;
  const forAuto = query?.for === 'auto';
  const store = useScreenStore(bankStore);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  useEffect(() => {
    void store.load();
  }, [store]);

  if (store.mode.failed) return <Failed onRetry={() => void store.load()} />;
  if (store.channel === null) return <Loading />;
  if (store.channel === 2)
    return (
      <Page testId="bank-page">
        <ChannelTwo store={store} />
      </Page>
    );

  const cards = store.cards.data;
  const corporate = store.corporate.data ?? [];
  const pick = (card: Parameters<typeof cashBankOf>[0]) => {
    store.choose(cashBankOf(card));
    void navigate(-1);
  };
  const tapCard = (card: SavingsCard) => {
    if (selectMode) {
      pick(card);
      return;
    }
    ActionSheet.show({
      actions: [
        {
          key: 'unbind',
          text: '解绑银行卡',
          danger: true,
          onClick: () => {
            void (async () => {
              if (!(await confirm('解绑银行卡', '解绑后将无法提现至该卡，确定解绑？', '解绑'))) return;
              if (await store.unbindCard(card.bankCardId)) toast('解绑成功');
            })();
          },
        },
      ],
      cancelText: '取消',
      closeOnAction: true,
    });
  };
  const tapCorporate = (account: CorporateAccount) => {
    if (selectMode) {
      if (!selectable(account)) {
        toast('该对公账户未完成打款验证');
        return;
      }
      pick(account);
      return;
    }
    if (account.verifyStatus === 1 && isBuilt(href('kybCheck'))) {
      store.writeKybBack(href('bank'));
      void navigate(href('kybCheck'));
    }
  };
  const addLink = href('bankAdd', selectMode || forAuto ? { from: 'withdraw' } : {});

  return (
    <Page testId="bank-page">
      <PullToRefresh onRefresh={() => store.load().then(() => undefined)}>
        {selectMode && <p className={styles.note}>{forAuto ? '选择自动提现到账账户' : '选择到账账户'}</p>}
        {store.cards.failed ? (
          <Failed onRetry={() => void store.load()} />
        ) : !cards ? (
          <Loading />
        ) : cards.list.length === 0 && corporate.length === 0 ? (
          <div className={styles.emptyState} data-testid="bank-empty">
            <p>还没有绑定银行卡</p>
            <Button color="primary" onClick={() => void navigate(addLink)}>
              添加储蓄卡
            </Button>
          </div>
        ) : (
          <>
            <h2 className={styles.section}>储蓄卡</h2>
            {cards.list.map((card) => (
              <SavingsTile key={card.bankCardId} card={card} store={store} onTap={() => tapCard(card)} />
            ))}
            {corporate.length > 0 && (
              <>
                <h2 className={styles.section}>对公账户</h2>
                {corporate.map((account) => (
                  <CorporateRow
                    key={account.bankCardId}
                    account={account}
                    selectMode={selectMode}
                    onTap={() => tapCorporate(account)}
                  />
                ))}
              </>
            )}
            {store.canAdd ? (
              <ActionLink to={addLink} className={styles.add} data-testid="bank-add">
                + 添加储蓄卡
              </ActionLink>
            ) : (
              <p className={styles.note}>最多绑定{cards.maxCount}张储蓄卡</p>
            )}
          </>
        )}
        <p className={styles.note}>仅支持本人名下的借记卡（储蓄卡），不支持信用卡</p>
      </PullToRefresh>
    </Page>
  );
});

export default Bank;
