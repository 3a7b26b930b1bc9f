import { makeAutoObservable, runInAction } from 'mobx';
import {
  factoryReset,
  getCardFeeCharge,
  getLicenseNumber,
  getRfidDetail,
  stopOrUnfreezeMonthCard,
  updateCard,
  updateCardStatus,
  updateRfid,
  type CardDetail,
  type CardType,
  type RiderLicense,
} from '@/api/card';
import { cardPhoneRule, cardRemarkRule, holderNameRule, licenseRule, rfidRule } from '@/api/card-rules';
import { firstError, firstFailure } from '@/api/rules';
import { formatFen } from '@/lib/money';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import { cardKey } from '@/stores/domain/cards';
import { ActionGuard } from '@/stores/support/action-guard';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /mine/card/tab/list/info — 套餐卡详情 (C-mine.md card/tab/list/info): the card (held once in root.cards), its fee
 * rule and RFID tag, and the actions of its status — 激活, 充值/续费, 冻结/解冻, 停卡/恢复, 编辑持卡人信息, 注销卡片 —
 * each shown only with its permission code (card:edit; card:recharge for 充值/续费). After any action the card is
 * invalidated: this screen and every list follow. New on each visit.
 */

/** A button of the bottom bar. */
export type CardAction = 'activate' | 'recharge' | 'renew' | 'freeze' | 'unfreeze' | 'stop' | 'resume' | 'more';

/**
 * The bottom bar of a card by status and type (C-mine.md info "Bottom bar by status"), before permissions: 1 → 激活;
 * 3 → 充值 (value) / 续费 (month), 冻结 (1/3/4) or 停卡 (2), 更多; 2 → 解冻, 更多; 6 → 恢复, 更多; 5 → 续费, 更多.
 * E-cards (4) only 冻结 / 解冻.
 */
export function cardActions(card: Pick<CardDetail, 'status' | 'cardType'>): CardAction[] {
  const month = card.cardType === 2;
  if (card.cardType === 4) return card.status === 3 ? ['freeze'] : card.status === 2 ? ['unfreeze'] : [];
  switch (card.status) {
    case 1:
      return ['activate'];
    case 3:
      return [month ? 'renew' : 'recharge', month ? 'stop' : 'freeze', 'more'];
    case 2:
      return ['unfreeze', 'more'];
    case 6:
      return ['resume', 'more'];
    case 5:
      return ['renew', 'more'];
    default:
      return [];
  }
}

/** The form of 编辑持卡人信息. */
export interface HolderForm {
  holderName: string;
  phone: string;
  licenseNumber: string;
  remark: string;
  rfidNo: string;
}

/** The first refusal of a holder form (C-mine.md info Validation), or null. */
export function holderFormError(form: HolderForm, card: Pick<CardDetail, 'status' | 'cardType'>): string | null {
  const phone = form.phone.trim();
  if (phone === '' && card.status !== 1) return '请输入持卡人手机号';
  return firstFailure([
    [holderNameRule, form.holderName.trim()],
    ...(phone ? ([[cardPhoneRule, phone]] as const) : []),
    [licenseRule, form.licenseNumber.trim()],
    [cardRemarkRule, form.remark.trim()],
    ...(card.cardType === 2 && form.rfidNo.trim() ? ([[rfidRule, form.rfidNo.trim()]] as const) : []),
  ]);
}

/** The confirmation text of 注销 (C-mine.md info Actions). */
export function resetConfirmText(card: CardDetail): string {
  const tail =
    card.cardType === 2
      ? `剩余 ${card.remainDays ?? 0} 天将作废`
      : `卡内余额 ${formatFen(card.balance + card.giveBalance)}（含赠送 ${formatFen(card.giveBalance)}）将清零`;
  return `注销后${tail}，持卡人信息解除，卡片恢复为未激活。请确认已线下处理用户余额。`;
}

export class CardDetailStore {
  readonly card: LoadableLike<CardDetail>;
  readonly fee: Loadable<Awaited<ReturnType<typeof getCardFeeCharge>>>;
  readonly rfid: Loadable<{ rfidNo: string | null; bindTime?: number }>;
  readonly actions = new ActionGuard();
  /** The 注销 submission (a money action: its requestId is kept across a retry). */
  readonly reset = new MoneyAction();
  /** Plates the rider with the form's phone registered (chips of the edit sheet). */
  licenses: RiderLicense[] = [];

  constructor(
    private readonly root: RootStore,
    readonly cardType: CardType,
    readonly cardId: number,
  ) {
    this.card = root.cards.detail(cardType, cardId);
    this.fee = new Loadable(() => getCardFeeCharge(cardId));
    this.rfid = new Loadable(() => getRfidDetail(cardId));
    makeAutoObservable<CardDetailStore, 'root'>(this, { root: false });
  }

  /** Loads the card, then its fee rule (and RFID for month cards). Resolves false when the card is unknown. */
  async load(): Promise<boolean> {
    const ok = await this.card.load();
    if (!ok) return false;
    void this.fee.load();
    if (this.cardType === 2) void this.rfid.load();
    return true;
  }

  /** The buttons shown: those of the status that the account's permissions allow. */
  get buttons(): CardAction[] {
    const card = this.card.data;
    if (!card) return [];
    const session = this.root.session;
    return cardActions(card).filter((a) =>
      a === 'recharge' || a === 'renew' ? session.can('card:recharge') : session.can('card:edit'),
    );
  }

  /** The entries of the 更多 sheet: 编辑持卡人信息, and 注销卡片 (not for status 1). */
  get moreItems(): ('edit' | 'reset')[] {
    const card = this.card.data;
    if (!card || card.cardType === 4) return [];
    return card.status === 1 ? ['edit'] : ['edit', 'reset'];
  }

  private async changed(): Promise<void> {
    await this.root.cards.invalidate(cardKey(this.cardType, this.cardId));
  }

  /** 冻结 (2) or 解冻 (3); resolves true when done. */
  async setStatus(status: 2 | 3): Promise<boolean> {
    const done = await this.actions.done('status', () => updateCardStatus(this.cardId, status));
    if (done) await this.changed();
    return done;
  }

  /** 停卡 (1) or 恢复 (2); resolves the new endDate (恢复) or '' (停卡), null when it failed. */
  async pause(action: 1 | 2): Promise<string | null> {
    const answer = await this.actions.run('pause', () => stopOrUnfreezeMonthCard(this.cardId, action));
    if (!answer) return null;
    await this.changed();
    return answer.endDate ?? '';
  }

  /** The edit form filled from the card. */
  holderForm(): HolderForm {
    const card = this.card.data;
    return {
      holderName: card?.holderName ?? '',
      phone: card?.phone ?? '',
      licenseNumber: card?.licenseNumber ?? '',
      remark: card?.remark ?? '',
      rfidNo: this.rfid.data?.rfidNo ?? '',
    };
  }

  /** Loads the plates of a phone once it is a valid mobile (chips); clears them otherwise. */
  async lookupLicenses(phone: string): Promise<void> {
    if (firstError(cardPhoneRule, phone.trim())) {
      this.licenses = [];
      return;
    }
    try {
      const list = await getLicenseNumber(phone.trim());
      runInAction(() => {
        this.licenses = list;
      });
    } catch {
      runInAction(() => {
        this.licenses = [];
      });
    }
  }

  /** Saves the holder (and the RFID tag when it changed). Resolves the refusal to toast, or 'done' / 'failed'. */
  async saveHolder(form: HolderForm): Promise<{ error: string } | 'done' | 'failed'> {
    const card = this.card.data;
    if (!card) return 'failed';
    const error = holderFormError(form, card);
    if (error) return { error };
    const rfid = form.rfidNo.trim();
    const done = await this.actions.done('holder', async () => {
      await updateCard({
        cardId: this.cardId,
        holderName: form.holderName.trim(),
        phone: form.phone.trim(),
        licenseNumber: form.licenseNumber.trim(),
        remark: form.remark.trim(),
      });
      if (card.cardType === 2 && rfid && rfid.toUpperCase() !== (this.rfid.data?.rfidNo ?? '')) {
        await updateRfid(this.cardId, rfid);
      }
    });
    await this.changed();
    if (card.cardType === 2) void this.rfid.load();
    return done ? 'done' : 'failed';
  }

  /**
   * 注销 with a reason (4 其他 needs a text), once, after `ask` (the confirmation) says yes. Resolves the refusal to
   * toast, or 'done' / 'failed' (also when cancelled or ignored as a repeated tap).
   */
  async factoryReset(
    reason: 1 | 2 | 3 | 4,
    remark: string,
    ask?: () => PromiseLike<boolean>,
  ): Promise<{ error: string } | 'done' | 'failed'> {
    const text = remark.trim();
    if (reason === 4 && text.length < 2) return { error: '请填写注销原因' };
    const answer = await this.reset.run(
      (requestId) => factoryReset({ cardId: this.cardId, reason, ...(text ? { reasonRemark: text } : {}), requestId }),
      ask,
    );
    if (!answer) return 'failed';
    await this.changed();
    return 'done';
  }
}

/** The detail's store of a card, new on each visit. */
export const cardDetailStore = screenStore(
  (root, cardType: CardType, cardId: number) => new CardDetailStore(root, cardType, cardId),
  'visit',
);
