import { makeAutoObservable, runInAction } from 'mobx';
import { getPublicAccounts, getSavingsCards, unBindBank, type CorporateAccount, type SavingsCards } from '@/api/bank';
import {
  getMerchantEntityProperty,
  getWithdrawMode,
  type SettleCard,
  type WithdrawCard,
  type WithdrawMode,
} from '@/api/income';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/bank — 我的银行卡 (D-income.md §2 "/income/bank"): the savings cards (at most 5) and corporate accounts of
 * channel 1, or the entity's settlement card of channel 2 (the channel from getWithdrawMode, kept in page memory).
 * In select mode a tap writes withdraw info cashBank (non-verified corporate accounts cannot be chosen); otherwise a
 * tap offers 解绑 (exactly once: MoneyAction keeps the requestId across a retry). New on each visit.
 */

/** A card as withdraw info cashBank keeps it. */
export function cashBankOf(card: {
  bankCardId: number;
  cardType: 1 | 2;
  bankName: string;
  bankLogo: string;
  cardNoTail: string;
  holderName?: string;
  accountName?: string;
}): WithdrawCard {
  return {
    bankCardId: card.bankCardId,
    cardType: card.cardType,
    bankName: card.bankName,
    bankLogo: card.bankLogo,
    cardNoTail: card.cardNoTail,
    holderName: card.holderName ?? card.accountName ?? '',
  };
}

/** A corporate account can receive withdrawals once verified (verifyStatus 2). */
export function selectable(account: CorporateAccount): boolean {
  return account.verifyStatus === 2;
}

export class BankStore {
  readonly mode = new Loadable<WithdrawMode>(() => getWithdrawMode());
  readonly cards = new Loadable<SavingsCards>(() => getSavingsCards());
  readonly corporate = new Loadable<CorporateAccount[]>(async () => (await getPublicAccounts()).list);
  readonly settle = new Loadable<SettleCard | null>(async () => (await getMerchantEntityProperty()).settleCard);
  readonly unbind = new MoneyAction();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<BankStore, 'root'>(this, { root: false });
  }

  /** The channel once known (1 平台钱包, 2 网商银行). */
  get channel(): 1 | 2 | null {
    return this.mode.data?.channel ?? null;
  }

  /** The card withdraw info holds for the next withdrawal. */
  get chosenId(): number | null {
    return this.root.withdrawInfo.info.cashBank?.bankCardId ?? null;
  }

  /** 添加储蓄卡 is offered below the limit (D: hidden at 5 cards). */
  get canAdd(): boolean {
    const data = this.cards.data;
    return !!data && data.list.length < data.maxCount;
  }

  /** Loads the channel, then that channel's cards. Resolves true when everything loaded. */
  async load(): Promise<boolean> {
    if (!(await this.mode.load())) return false;
    if (this.channel === 2) return this.settle.load();
    const [cards, corporate] = await Promise.all([this.cards.load(), this.corporate.load()]);
    return cards && corporate;
  }

  /** Select mode: the card becomes withdraw info cashBank (for the withdrawal, or for autowithdraw). */
  choose(card: WithdrawCard): void {
    this.root.withdrawInfo.update({ cashBank: card });
  }

  /** A corporate account 待打款验证 leads to KYBCheck, which comes back to `backUrl` (sign info kybBackUrl). */
  writeKybBack(backUrl: string): void {
    this.root.signInfo.update({ kybBackUrl: backUrl });
  }

  /** Unbinds a card (confirmed by the screen); clears cashBank when it was that card. Resolves true when done. */
  async unbindCard(bankCardId: number): Promise<boolean> {
    const done = await this.unbind.run(async (requestId) => {
      await unBindBank({ bankCardId, requestId });
      return true;
    });
    if (!done) return false;
    runInAction(() => {
      if (this.chosenId === bankCardId) this.root.withdrawInfo.update({ cashBank: null });
    });
    await this.load();
    return true;
  }
}

/** The store of /income/bank, new on each visit. */
export const bankStore = screenStore((root: RootStore) => new BankStore(root), 'visit');
