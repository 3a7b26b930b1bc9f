import { makeAutoObservable } from 'mobx';
import {
  getArrearsOweAmount,
  getBalance,
  getMerchantEntity,
  getMerchantEntityProperty,
  getMerchantSignStatus,
  getRevenueCurve,
  getWithdrawMode,
  queryCommOweAmount,
  type MerchantEntity,
  type MerchantEntityProperty,
  type MerchantSignStatus,
  type OpenStatus,
  type RevenueCurve,
  type RevenueFigures,
  type RevenuePoint,
  type SignStatus,
  type WalletBalance,
  type WithdrawMode,
} from '@/api/income';
import type { CallMeta } from '@/api/outcome';
import { SILENT } from '@/config/constants';
import { href, pathOf } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { readItem, writeItem } from '@/lib/storage';
import { dayOf, shiftDay, shiftMonth } from '@/lib/time';
import type { WithdrawInfo } from '@/stores/domain/account';
import { Loadable } from '@/stores/support/loadable';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';

/**
 * The income home /income (D-income.md §1 "/income — 收入", §0.1–§0.8): the wallet card, the notice bars, the income
 * overview (今日 | 昨日 | 本月), the income trend (近7天 | 近30天 | 近12月) and the 功能 grid. The pure rules are exported
 * (and unit-tested); the IncomeStore loads the calls in parallel, one Loadable per block, and writes withdraw info and
 * sign info as §1 "Client state" says. Money is fen everywhere; days 'YYYY-MM-DD' and months 'YYYY-MM' in
 * Asia/Shanghai. Obtain the store with useScreenStore(incomeStore).
 */

// ---------------------------------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------------------------------

/** The overview's segmented control: 今日 | 昨日 | 本月 (default 今日). */
export type OverviewRange = 'today' | 'yesterday' | 'month';
/** The trend chart's toggle: 近7天 | 近30天 | 近12月 (default 近7天). */
export type TrendRange = '7d' | '30d' | '12m';

/** Segments of the overview, in display order. */
export const OVERVIEW_RANGES: readonly { key: OverviewRange; label: string }[] = [
  { key: 'today', label: '今日' },
  { key: 'yesterday', label: '昨日' },
  { key: 'month', label: '本月' },
];

/** Segments of the trend chart, in display order. */
export const TREND_RANGES: readonly { key: TrendRange; label: string }[] = [
  { key: '7d', label: '近7天' },
  { key: '30d', label: '近30天' },
  { key: '12m', label: '近12月' },
];

/** localStorage key of the eye toggle (D §0.7): '1' hides every wallet figure as `****`. */
export const AMOUNT_HIDDEN_KEY = 'incomeAmountHidden';

/** At most this many notice bars show (D §1: "first two that apply"). */
export const MAX_NOTICES = 2;

/** All-zero figures. */
export const ZERO_FIGURES: Readonly<RevenueFigures> = Object.freeze({
  total: 0,
  charge: 0,
  valueCard: 0,
  monthCard: 0,
  coin: 0,
  share: 0,
  refund: 0,
});

/**
 * The first load's day window (D §1 revenueCurve): startDate = min(today − 29 d, first day of the month), endDate =
 * today, so that 今日, 昨日, 本月 and both day charts come from one answer.
 */
export function dayCurveWindow(today: string): { startDate: string; endDate: string } {
  const back = shiftDay(today, -29);
  const monthStart = `${today.slice(0, 7)}-01`;
  return { startDate: back < monthStart ? back : monthStart, endDate: today };
}

/** The 近12月 window (D §1): 11 months ago … this month ('YYYY-MM'). */
export function monthCurveWindow(today: string): { startDate: string; endDate: string } {
  const month = today.slice(0, 7);
  return { startDate: shiftMonth(month, -11), endDate: month };
}

/** Field-wise sum of figures. */
export function sumFigures(list: readonly RevenueFigures[]): RevenueFigures {
  const out: RevenueFigures = { ...ZERO_FIGURES };
  for (const f of list) {
    out.total += f.total;
    out.charge += f.charge;
    out.valueCard += f.valueCard;
    out.monthCard += f.monthCard;
    out.coin += f.coin;
    out.share += f.share;
    out.refund += f.refund;
  }
  return out;
}

/**
 * The overview figures of a range, from the day curve (D §1 收入概览): 今日 = today's point, 昨日 = yesterday's, 本月 =
 * the sum of this month's points up to today. A missing point counts as zero (the server zero-fills).
 */
export function figuresFor(points: readonly RevenuePoint[], range: OverviewRange, today: string): RevenueFigures {
  const pick = (key: string) => points.find((p) => p.key === key) ?? ZERO_FIGURES;
  if (range === 'today') return { ...pickFigures(pick(today)) };
  if (range === 'yesterday') return { ...pickFigures(pick(shiftDay(today, -1))) };
  const month = today.slice(0, 7);
  return sumFigures(points.filter((p) => p.key.slice(0, 7) === month && p.key <= today));
}

function pickFigures(f: RevenueFigures): RevenueFigures {
  const { total, charge, valueCard, monthCard, coin, share, refund } = f;
  return { total, charge, valueCard, monthCard, coin, share, refund };
}

/** 分润收入 received in the last `days` days up to today (the share tile shows only when this is > 0; D §1). */
export function shareInLastDays(points: readonly RevenuePoint[], today: string, days = 30): number {
  const from = shiftDay(today, -(days - 1));
  return points.filter((p) => p.key >= from && p.key <= today).reduce((s, p) => s + p.share, 0);
}

/** The big figure of the overview (D §1): 营业额 total, or 分润收入 share for a property account. */
export function headlineOf(figures: RevenueFigures, property: boolean): number {
  return property ? figures.share : figures.total;
}

/** One point of the trend chart (fen). */
export interface TrendPoint {
  /** 'YYYY-MM-DD' or 'YYYY-MM'. */
  key: string;
  /** Axis and tooltip label: 'MM-DD' for days, 'YYYY-MM' for months. */
  label: string;
  /** The charted value: total (营业额), or share for a property account. */
  value: number;
  charge: number;
  /** 充值 = valueCard + monthCard. */
  recharge: number;
}

function toTrendPoint(key: string, p: RevenueFigures, day: boolean, property: boolean): TrendPoint {
  return {
    key,
    label: day ? key.slice(5) : key,
    value: headlineOf(p, property),
    charge: p.charge,
    recharge: p.valueCard + p.monthCard,
  };
}

/**
 * The trend series of a range (D §1 收入趋势): 近7天 / 近30天 = the last 7 / 30 days up to today from the day curve;
 * 近12月 = the 12 months of the month curve. Keys are filled in order, a missing one with zeros. Returns null while the
 * curve the range needs is not loaded.
 */
export function trendSeries(
  range: TrendRange,
  dayPoints: readonly RevenuePoint[] | null,
  monthPoints: readonly RevenuePoint[] | null,
  today: string,
  property: boolean,
): TrendPoint[] | null {
  if (range === '12m') {
    if (!monthPoints) return null;
    const { startDate } = monthCurveWindow(today);
    return Array.from({ length: 12 }, (_, i) => {
      const key = shiftMonth(startDate, i);
      return toTrendPoint(key, monthPoints.find((p) => p.key === key) ?? ZERO_FIGURES, false, property);
    });
  }
  if (!dayPoints) return null;
  const days = range === '7d' ? 7 : 30;
  return Array.from({ length: days }, (_, i) => {
    const key = shiftDay(today, i - (days - 1));
    return toTrendPoint(key, dayPoints.find((p) => p.key === key) ?? ZERO_FIGURES, true, property);
  });
}

/** True when every point of the series is zero (the chart then shows a flat line and 暂无收入数据). */
export function isFlatSeries(series: readonly TrendPoint[]): boolean {
  return series.every((p) => p.value === 0);
}

/**
 * The tooltip of a tapped point (D §1): `05-12 ¥1,234.50（充电 ¥980.00 · 充值 ¥254.50）`; a property account (share
 * only) gets `05-12 ¥12.34`.
 */
export function trendTooltip(point: TrendPoint, property: boolean): string {
  const head = `${point.label} ${formatFen(point.value)}`;
  if (property) return head;
  return `${head}（充电 ${formatFen(point.charge)} · 充值 ${formatFen(point.recharge)}）`;
}

/** Reads the eye toggle from localStorage (absent = shown). */
export function readAmountHidden(): boolean {
  return readItem('local', AMOUNT_HIDDEN_KEY) === '1';
}

/** A wallet figure as the wallet card shows it: `****` when hidden, `--` when unknown, else ¥1,234.56. */
export function walletText(fen: number | null | undefined, hidden: boolean): string {
  return hidden ? '****' : formatFen(fen);
}

/**
 * The content of the 冻结中 ⓘ alert (D §1; title 冻结说明): the two freezes and how they thaw. Amounts follow the eye
 * toggle.
 */
export function frozenAlertHtml(
  balance: Pick<WalletBalance, 'frozenAmount' | 'cardFrozenAmount'> | null,
  hidden: boolean,
): string {
  return [
    `<p>费用冻结（分期结算 + SIM月租）${walletText(balance?.frozenAmount, hidden)}</p>`,
    `<p>区域卡充值冻结 ${walletText(balance?.cardFrozenAmount, hidden)}</p>`,
    '<p>分期冻结将在结算日扣款后解冻；区域卡充值在用户刷卡消费后逐笔解冻</p>',
  ].join('');
}

/** The auto-withdraw line under the wallet buttons (D §1): `自动提现：已开启 · 下次 2024-05-27` or `自动提现：未开启`. */
export function autoWithdrawText(mode: Pick<WithdrawMode, 'autoWithdraw' | 'nextWithdraw'> | null): string {
  if (!mode) return '自动提现：--';
  if (mode.autoWithdraw !== 1) return '自动提现：未开启';
  return mode.nextWithdraw ? `自动提现：已开启 · 下次 ${mode.nextWithdraw}` : '自动提现：已开启';
}

/** Colour of a notice bar: orange, red or blue. */
export type NoticeTone = 'warning' | 'danger' | 'info';

/** One notice bar of /income (D §1 "Notice bars"). */
export interface NoticeBar {
  key: 'sign' | 'open' | 'owe' | 'change';
  tone: NoticeTone;
  text: string;
  /** The action label (去签约 …), null when the bar has no action. */
  action: string | null;
  /** Where the bar leads, null when it leads nowhere for this account (no action, or a screen it may not open). */
  to: string | null;
}

/** What the notice bars are chosen from (null = the call did not answer: that bar does not apply). */
export interface NoticeInput {
  signStatus: SignStatus | null;
  rejectReason: string | null;
  openRequired: boolean;
  openStatus: OpenStatus | null;
  /** Arrears records + (settleMode 2) unpaid platform-fee periods, fen. */
  oweAmount: number;
  /** Their count (records + periods). */
  oweCount: number;
  changeApply: { applyId: number; status: number } | null;
  /** Main accounts (1/2/3) may open the e-sign screens; sub-accounts may not (D §0.4). */
  mainAccount: boolean;
  /** Holds `settlement` (feeOwedDetail). */
  canPayArrears: boolean;
}

/**
 * Every notice bar that applies, in the design's order (D §1): 1 e-sign (0 未签约 orange 去签约, 3 签约失败 red 重新签约,
 * 1 审核中 blue without action); 2 online-bank account once signed (openStatus 3 → 对公账户待打款验证 去验证, 2 → 网商银行开户审核中
 * 查看, otherwise when openRequired and not opened → 请开通网商银行账户 去开通); 3 arrears (sum and count) red 去缴费; 4 a
 * certification change under review (blue 查看). Targets a sub-account may not open lead nowhere.
 */
export function noticeBars(input: NoticeInput): NoticeBar[] {
  const bars: NoticeBar[] = [];
  const esign = (path: string) => (input.mainAccount ? path : null);
  const { signStatus, openStatus } = input;
  if (signStatus === 0) {
    bars.push({
      key: 'sign',
      tone: 'warning',
      text: '您尚未完成电子协议签署，订单资金将暂由支付机构托管',
      action: '去签约',
      to: esign(href('signAgree')),
    });
  } else if (signStatus === 3) {
    bars.push({
      key: 'sign',
      tone: 'danger',
      text: `签约失败：${input.rejectReason || '请重新签约'}`,
      action: '重新签约',
      to: esign(href('signAgree')),
    });
  } else if (signStatus === 1) {
    bars.push({ key: 'sign', tone: 'info', text: '电子协议签约审核中，通常1个工作日内完成', action: null, to: null });
  }
  if (signStatus === 2 && openStatus !== null && openStatus !== 4) {
    if (openStatus === 3) {
      bars.push({
        key: 'open',
        tone: 'warning',
        text: '对公账户待打款验证',
        action: '去验证',
        to: esign(href('kybCheck')),
      });
    } else if (openStatus === 2) {
      bars.push({
        key: 'open',
        tone: 'info',
        text: '网商银行开户审核中',
        action: '查看',
        to: esign(href('openAccountDetail')),
      });
    } else if (input.openRequired) {
      bars.push({
        key: 'open',
        tone: 'warning',
        text: '请开通网商银行账户，开通前暂不可提现',
        action: '去开通',
        to: esign(href('openAccountDetail')),
      });
    }
  }
  if (input.oweAmount > 0) {
    bars.push({
      key: 'owe',
      tone: 'danger',
      text: `您有欠费 ${formatFen(input.oweAmount)}（${input.oweCount}期），缴清前暂停提现`,
      action: '去缴费',
      to: input.canPayArrears ? href('feeOwedDetail') : null,
    });
  }
  if (input.changeApply?.status === 1) {
    bars.push({
      key: 'change',
      tone: 'info',
      text: '认证信息变更审核中',
      action: '查看',
      to: esign(href('applyResult', { id: input.changeApply.applyId })),
    });
  }
  return bars;
}

/** The bars /income shows: the first MAX_NOTICES that apply. */
export function visibleNotices(input: NoticeInput): NoticeBar[] {
  return noticeBars(input).slice(0, MAX_NOTICES);
}

/** The state the 商户认证 cell reads (D §1 功能 grid). */
export interface CertState {
  certStatus: number | null;
  changeApplyStatus: number | null;
  signStatus: number | null;
  openRequired: boolean;
  openStatus: number | null;
}

/**
 * Where 商户认证 leads (D §1 Grid): certStatus 0/3/1 → edit-contract; a change under review → apply-result; not signed
 * → sign-agree; online-bank account required and not opened → openAccountDetail; otherwise edit-contract (certified
 * view, 申请变更).
 */
export function certTarget(s: CertState): string {
  if (s.certStatus === null || s.certStatus !== 2) return href('editContract');
  if (s.changeApplyStatus === 1) return href('applyResult');
  if (s.signStatus !== 2) return href('signAgree');
  if (s.openRequired && s.openStatus !== 4) return href('openAccountDetail');
  return href('editContract');
}

/** The status text under 商户认证: 未认证 / 审核中 / 已认证 / 变更审核中; null while unknown. */
export function certText(s: Pick<CertState, 'certStatus' | 'changeApplyStatus'>): string | null {
  if (s.certStatus === null) return null;
  if (s.certStatus === 1) return '审核中';
  if (s.certStatus !== 2) return '未认证';
  return s.changeApplyStatus === 1 ? '变更审核中' : '已认证';
}

/** One entry of the 功能 grid (the screen adds the icon and hides entries whose screen is not built). */
export interface IncomeFunction {
  key:
    | 'statement'
    | 'siteBill'
    | 'coinBill'
    | 'withdrawList'
    | 'bank'
    | 'autoWithdraw'
    | 'areaCardBill'
    | 'export'
    | 'cert';
  label: string;
  to: string;
  /** Small status text under the label (商户认证), or null. */
  status: string | null;
}

/** What the 功能 grid depends on. */
export interface FunctionInput {
  can: (code: string) => boolean;
  mainAccount: boolean;
  /** Withdrawal channel, null while unknown (channel-dependent entries are then left out). */
  channel: 1 | 2 | null;
  coinEnabled: boolean;
  /** Area value-card recharges awaiting consumption, fen (null while unknown). */
  cardFrozenAmount: number | null;
  cert: CertState;
}

/**
 * The 功能 grid entries the account may use, in the design's order (D §1): 对账单 · 站点账单 · 投币收入 (coinEnabled) ·
 * 提现记录 (withdraw-list / withdrawHistory by channel) · 银行卡 (channel 1) / 结算卡 (channel 2) · 自动提现 · 充值冻结记录
 * (cardFrozenAmount > 0) · 导出报表 · 商户认证 (main accounts). Permissions per D §0.4.
 */
export function incomeFunctions(input: FunctionInput): IncomeFunction[] {
  const { can, channel } = input;
  const out: IncomeFunction[] = [];
  const add = (when: boolean, entry: Omit<IncomeFunction, 'status'> & { status?: string | null }) => {
    if (when) out.push({ status: null, ...entry });
  };
  add(can('bill:view'), { key: 'statement', label: '对账单', to: href('statementBill') });
  add(can('bill:view'), { key: 'siteBill', label: '站点账单', to: href('siteBill') });
  add(can('bill:view') && input.coinEnabled, { key: 'coinBill', label: '投币收入', to: href('coinBill') });
  add(can('withdraw') && channel !== null, {
    key: 'withdrawList',
    label: '提现记录',
    to: channel === 2 ? href('withdrawHistory') : href('withdrawList'),
  });
  add(can('bank') && channel === 1, { key: 'bank', label: '银行卡', to: href('bank') });
  add(can('bank') && channel === 2 && input.mainAccount, {
    key: 'bank',
    label: '结算卡',
    to: href('openAccountDetail'),
  });
  add(can('withdraw'), { key: 'autoWithdraw', label: '自动提现', to: href('autoWithdraw') });
  add(can('income:view') && (input.cardFrozenAmount ?? 0) > 0, {
    key: 'areaCardBill',
    label: '充值冻结记录',
    to: href('areaCardBill'),
  });
  add(can('export'), { key: 'export', label: '导出报表', to: href('exportFile') });
  add(input.mainAccount, { key: 'cert', label: '商户认证', to: certTarget(input.cert), status: certText(input.cert) });
  return out;
}

/**
 * What /income writes into withdraw info (D §1 "Client state", §0.8): account, availableBalance, balance from the
 * balance; phone, autoWithdraw, autoMode, date, nextWithdraw, cashBank from getWithdrawMode. In channel 1 a card the
 * session already holds (one the user chose) is kept; in channel 2 the entity card is the only target. The channel
 * itself is not stored.
 */
export function withdrawInfoPatch(
  balance: WalletBalance | null,
  mode: WithdrawMode | null,
  current: Pick<WithdrawInfo, 'cashBank'>,
): Partial<WithdrawInfo> {
  const patch: Partial<WithdrawInfo> = {};
  if (mode) {
    patch.account = mode.account;
    patch.phone = mode.phone;
    patch.autoWithdraw = mode.autoWithdraw;
    patch.autoMode = mode.autoMode;
    patch.date = mode.date;
    patch.nextWithdraw = mode.nextWithdraw;
    patch.cashBank = mode.channel === 1 && current.cashBank ? current.cashBank : mode.cashBank;
  }
  if (balance) {
    patch.account = balance.account;
    patch.availableBalance = balance.availableBalance;
    patch.balance = balance.balance;
  }
  return patch;
}

/** What /income writes into sign info (D §1 "Client state"): {signStatus, openStatus} as far as known. */
export function signInfoPatch(
  sign: Pick<MerchantSignStatus, 'signStatus'> | null,
  property: Pick<MerchantEntityProperty, 'openStatus'> | null,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (sign) patch.signStatus = sign.signStatus;
  if (property) patch.openStatus = property.openStatus;
  return patch;
}

/** True when /income shows the lock state (D §0.4): builders (accountType 5) and accounts without income:view. */
export function isIncomeLocked(accountType: number | undefined, canViewIncome: boolean): boolean {
  return accountType === 5 || !canViewIncome;
}

// ---------------------------------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------------------------------

/** Badge-type calls (notice bars, 商户认证 status) are silenced: their failure only hides what they feed (D §1). */
const QUIET: CallMeta = { errorText: SILENT };

/**
 * The /income screen's data (D §1): one Loadable per block, every call fired in parallel by load() (none when the
 * screen is locked). The day curve answers 今日/昨日/本月 and both day charts; the month curve loads on the first
 * 近12月 toggle. Obtain it with useScreenStore(incomeStore).
 */
export class IncomeStore {
  readonly balance = new Loadable(() => getBalance());
  readonly mode = new Loadable(() => getWithdrawMode());
  readonly curve = new Loadable(() => {
    const w = dayCurveWindow(this.today);
    return getRevenueCurve(1, w.startDate, w.endDate);
  });
  readonly monthCurve = new Loadable(() => {
    const w = monthCurveWindow(this.today);
    return getRevenueCurve(2, w.startDate, w.endDate);
  });
  readonly sign = new Loadable(() => getMerchantSignStatus(QUIET));
  readonly property = new Loadable(() => getMerchantEntityProperty(QUIET));
  readonly entity = new Loadable<MerchantEntity>(() => getMerchantEntity(QUIET));
  readonly arrears = new Loadable(() => getArrearsOweAmount(QUIET));
  readonly commOwe = new Loadable(() => queryCommOweAmount(QUIET));

  overviewRange: OverviewRange = 'today';
  trendRange: TrendRange = '7d';
  /** Eye toggle (localStorage incomeAmountHidden). */
  amountHidden = readAmountHidden();
  /** The Asia/Shanghai day the curves are requested for (set at each load). */
  today: string;

  /** @param now clock (epoch ms); injectable for tests. */
  constructor(
    private readonly root: RootStore,
    private readonly now: () => number = Date.now,
  ) {
    this.today = dayOf(now());
    makeAutoObservable<IncomeStore, 'root' | 'now'>(this, { root: false, now: false });
  }

  /** True when the page shows 暂无权限，请联系主账号开通 and makes no calls (D §0.4). */
  get locked(): boolean {
    const { session } = this.root;
    return isIncomeLocked(session.extendPermission?.accountType, session.can('income:view'));
  }

  /** Property accounts (accountType 3) see only their share (D §0.1). */
  get isProperty(): boolean {
    return this.root.session.extendPermission?.accountType === 3;
  }

  /** Main accounts (1/2/3) may open the e-sign screens (D §0.4). */
  get mainAccount(): boolean {
    const type = this.root.session.extendPermission?.accountType;
    return type === 1 || type === 2 || type === 3;
  }

  /** Sub-accounts without `withdraw` do not see 提现 (D §1 States). */
  get canWithdraw(): boolean {
    return this.root.session.can('withdraw');
  }

  /** The account owns coin boxes (ExtendPermission.coinEnabled): the 投币收入 tile and grid entry show. */
  get coinEnabled(): boolean {
    return this.root.session.extendPermission?.coinEnabled === true;
  }

  /** ExtendPermission.settleMode: 2 adds the platform-fee arrears (queryCommOweAmount). */
  get settleMode(): number {
    return this.root.session.extendPermission?.settleMode ?? 0;
  }

  /** 冻结中 = frozenAmount + cardFrozenAmount (fen), null while unknown. */
  get frozenTotal(): number | null {
    const b = this.balance.data;
    return b ? b.frozenAmount + b.cardFrozenAmount : null;
  }

  /** The overview figures of the chosen range, null while the day curve is not loaded. */
  get overview(): RevenueFigures | null {
    const points = this.curve.data?.points;
    return points ? figuresFor(points, this.overviewRange, this.today) : null;
  }

  /** The overview's big figure (营业额 / property: 分润收入), null while unknown. */
  get headline(): number | null {
    const figures = this.overview;
    return figures ? headlineOf(figures, this.isProperty) : null;
  }

  /** The 分润收入 tile shows only when shares arrived in the last 30 days. */
  get showShareTile(): boolean {
    const points = this.curve.data?.points;
    return points ? shareInLastDays(points, this.today) > 0 : false;
  }

  /** The Loadable behind the chosen trend range (for skeleton / retry). */
  get trendSource(): Loadable<RevenueCurve> {
    return this.trendRange === '12m' ? this.monthCurve : this.curve;
  }

  /** The chosen trend series, null while its curve is not loaded. */
  get trend(): TrendPoint[] | null {
    return trendSeries(
      this.trendRange,
      this.curve.data?.points ?? null,
      this.monthCurve.data?.points ?? null,
      this.today,
      this.isProperty,
    );
  }

  /** The notice bars shown (at most two, in order). */
  get notices(): NoticeBar[] {
    const sign = this.sign.data;
    const property = this.property.data;
    const arrears = this.arrears.data;
    const comm = this.settleMode === 2 ? this.commOwe.data : null;
    return visibleNotices({
      signStatus: sign ? sign.signStatus : null,
      rejectReason: sign?.rejectReason ?? null,
      openRequired: property?.openRequired ?? sign?.openRequired ?? false,
      openStatus: property ? property.openStatus : null,
      oweAmount: (arrears?.oweAmount ?? 0) + (comm?.oweAmount ?? 0),
      oweCount: (arrears?.count ?? 0) + (comm?.owePeriodCount ?? 0),
      changeApply: this.entity.data?.changeApply ?? null,
      mainAccount: this.mainAccount,
      canPayArrears: this.root.session.can('settlement'),
    });
  }

  /** The 功能 grid entries the account may use (the screen hides those not built yet). */
  get functions(): IncomeFunction[] {
    const entity = this.entity.data;
    const property = this.property.data;
    return incomeFunctions({
      can: (code) => this.root.session.can(code),
      mainAccount: this.mainAccount,
      channel: this.mode.data?.channel ?? null,
      coinEnabled: this.coinEnabled,
      cardFrozenAmount: this.balance.data?.cardFrozenAmount ?? null,
      cert: {
        certStatus: entity ? entity.certStatus : null,
        changeApplyStatus: entity?.changeApply?.status ?? null,
        signStatus: this.sign.data?.signStatus ?? null,
        openRequired: property?.openRequired ?? false,
        openStatus: property ? property.openStatus : null,
      },
    });
  }

  /** The auto-withdraw line. */
  get autoWithdrawLine(): string {
    return autoWithdrawText(this.mode.data);
  }

  /** The 冻结中 ⓘ alert content. */
  get frozenAlert(): string {
    return frozenAlertHtml(this.balance.data, this.amountHidden);
  }

  /** Tooltip text of a trend point. */
  tooltipOf(point: TrendPoint): string {
    return trendTooltip(point, this.isProperty);
  }

  /** Switches the overview between 今日, 昨日 and 本月 (no call: all three come from the day curve). */
  setOverviewRange(range: OverviewRange): void {
    this.overviewRange = range;
  }

  /** Switches the trend; 近12月 loads the month curve on its first use. */
  setTrendRange(range: TrendRange): void {
    this.trendRange = range;
    if (range === '12m' && this.monthCurve.data === null && !this.monthCurve.loading) void this.monthCurve.load();
  }

  /** The eye toggle: hides / shows every wallet figure, remembered in localStorage incomeAmountHidden. */
  toggleAmountHidden(): void {
    this.amountHidden = !this.amountHidden;
    writeItem('local', AMOUNT_HIDDEN_KEY, this.amountHidden ? '1' : '0');
  }

  /** Before a notice bar navigates: sign info {signStatus, backUrl '/income'} (+ kybBackUrl for 去验证). */
  prepareNotice(bar: NoticeBar): void {
    const signStatus = this.sign.data?.signStatus ?? this.root.session.extendPermission?.signStatus;
    this.root.signInfo.update({
      signStatus,
      backUrl: href('income'),
      ...(bar.to?.startsWith(pathOf('kybCheck')) ? { kybBackUrl: href('income') } : {}),
    });
  }

  /** Loads the wallet and writes withdraw info. */
  async loadBalance(): Promise<void> {
    if (await this.balance.load()) this.writeWithdrawInfo();
  }

  /** Loads the withdrawal mode and writes withdraw info. */
  async loadMode(): Promise<void> {
    if (await this.mode.load()) this.writeWithdrawInfo();
  }

  /** Loads e-sign, online-bank and entity state and writes sign info. */
  async loadSignState(): Promise<void> {
    await Promise.all([this.sign.load(), this.property.load(), this.entity.load()]);
    this.writeSignInfo();
  }

  /**
   * Loads every block in parallel (D §1 Calls); nothing when locked. queryCommOweAmount only in settleMode 2; the month
   * curve only when it was loaded before or 近12月 is showing. Resolves when all have settled; never rejects.
   */
  async load(): Promise<void> {
    if (this.locked) return;
    this.setToday(dayOf(this.now()));
    const jobs: Promise<unknown>[] = [
      this.loadBalance(),
      this.loadMode(),
      this.curve.load(),
      this.loadSignState(),
      this.arrears.load(),
    ];
    if (this.settleMode === 2) jobs.push(this.commOwe.load());
    if (this.trendRange === '12m' || this.monthCurve.data !== null || this.monthCurve.failed) {
      jobs.push(this.monthCurve.load());
    }
    await Promise.all(jobs);
  }

  /** Pull-to-refresh: reloads every call. */
  async refresh(): Promise<void> {
    await this.load();
  }

  private setToday(day: string): void {
    this.today = day;
  }

  private writeWithdrawInfo(): void {
    const { withdrawInfo } = this.root;
    withdrawInfo.update(withdrawInfoPatch(this.balance.data, this.mode.data, withdrawInfo.info));
  }

  private writeSignInfo(): void {
    const patch = signInfoPatch(this.sign.data, this.property.data);
    if (Object.keys(patch).length > 0) this.root.signInfo.update(patch);
  }
}

/** The income home's store, kept while the app runs (see screenStore). */
export const incomeStore = screenStore((root) => new IncomeStore(root));
