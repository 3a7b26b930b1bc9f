import { makeAutoObservable } from 'mobx';
import {
  countCoinOrder,
  getCardCount,
  getCoinsOrderTotalMoney,
  getCommChildCount,
  getMerchantHomePage,
  getSiteCount,
  getTodayChargeInfo,
  getTodayIncome,
  getUnSignBackOrderCount,
} from '@/api/home';
import { getOrderCountOfWait } from '@/api/work-order';
import { href } from '@/config/routes';
import { dayOf, firstDayOfMonthOf } from '@/lib/time';
import { Loadable } from '@/stores/support/loadable';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';

/** Home variants by account type (A §3): 3 物业 → property, 5 施工人员 → builder, others → operator. */
export type HomeVariant = 'operator' | 'property' | 'builder';

/** The home variant of an account type (undefined before login data is known → operator). */
export function homeVariant(accountType: number | undefined): HomeVariant {
  if (accountType === 3) return 'property';
  if (accountType === 5) return 'builder';
  return 'operator';
}

/** Keys of home's 常用功能 entries (the screen draws each one's icon). */
export type HomeFunctionKey =
  | 'siteAdd'
  | 'remoteCharge'
  | 'chargerRecord'
  | 'card'
  | 'permuteCard'
  | 'withdraw'
  | 'statement'
  | 'stages'
  | 'platformFee'
  | 'workOrder'
  | 'siteAuthor'
  | 'devStatistics'
  | 'warning'
  | 'notice'
  | 'sim'
  | 'parking'
  | 'downCenter'
  | 'compact';

/** One entry of home's 常用功能 grid: where it leads (href) and its count badge. */
export interface HomeFunction {
  key: HomeFunctionKey;
  label: string;
  to: string;
  badge?: number;
}

/** An entry with the permission it needs and any further condition (settle mode, held orders …). */
type Candidate = HomeFunction & { permission: string; when?: boolean };

/**
 * The home dashboard's data (A-shell-home-settlement.md §3): one Loadable per card, all fired in parallel, chosen by
 * the account's variant, permissions and coin capability. Obtain it with useScreenStore(homeStore).
 */
export class HomeStore {
  readonly income = new Loadable(() => getTodayIncome());
  readonly charge = new Loadable(() => getTodayChargeInfo());
  readonly counts = new Loadable(() => getSiteCount());
  readonly unsigned = new Loadable(() => getUnSignBackOrderCount());
  readonly children = new Loadable(() => getCommChildCount());
  readonly cards = new Loadable(() => getCardCount());
  readonly coinToday = new Loadable(() => {
    const today = dayOf(Date.now());
    return countCoinOrder(today, today);
  });
  readonly coinMonth = new Loadable(() => {
    const now = Date.now();
    return getCoinsOrderTotalMoney(firstDayOfMonthOf(now), dayOf(now));
  });
  readonly property = new Loadable(() => getMerchantHomePage());
  /** The builder's 待验收 count (his own orders in status 4; C-mine.md getOrderCountOfWait). */
  readonly builderWaits = new Loadable(() => getOrderCountOfWait());

  constructor(private readonly root: RootStore) {
    makeAutoObservable<HomeStore, 'root'>(this, { root: false });
  }

  /** The variant of the logged-in account. */
  get variant(): HomeVariant {
    return homeVariant(this.root.session.extendPermission?.accountType);
  }

  /** True when the account owns coin-capable boxes (ExtendPermission.coinEnabled). */
  get coinEnabled(): boolean {
    return this.root.session.extendPermission?.coinEnabled === true;
  }

  /**
   * Loads every card of the variant in parallel (and merchant base info when not loaded yet). Resolves when all have
   * settled; never rejects (failed cards show `--`).
   */
  async load(): Promise<void> {
    const { session, merchant, auth } = this.root;
    const jobs: Promise<unknown>[] = [];
    if (!merchant.base.loaded) jobs.push(auth.loadMerchantInfo());
    if (this.variant === 'property') {
      jobs.push(this.property.load());
    } else if (this.variant === 'builder') {
      jobs.push(this.builderWaits.load());
    } else if (this.variant === 'operator') {
      jobs.push(this.income.load(), this.charge.load(), this.counts.load(), this.unsigned.load());
      if (session.can('card:view')) jobs.push(this.cards.load());
      if (session.can('agent') || session.can('subAccount') || session.can('tenement')) jobs.push(this.children.load());
      if (this.coinEnabled) jobs.push(this.coinToday.load(), this.coinMonth.load());
    }
    await Promise.all(jobs);
  }

  /**
   * The 常用功能 grid of the account's variant (A §3): the entries its permissions allow and whose condition holds
   * (结算中心 for settleMode 1, 平台费 for settleMode 2, 未签约订单 while orders are held); the grid shows those whose
   * screen is built. Builders have none.
   */
  get functions(): HomeFunction[] {
    const { session, merchant } = this.root;
    const settleMode = session.extendPermission?.settleMode ?? 0;
    const candidates: Candidate[] =
      this.variant === 'property'
        ? [
            { key: 'statement', label: '对账单', to: href('statementBill'), permission: 'bill:view' },
            { key: 'withdraw', label: '提现', to: href('withdraw'), permission: 'withdraw' },
            { key: 'warning', label: '告警通知', to: href('warning'), permission: 'message' },
            { key: 'notice', label: '系统消息', to: href('upgrads'), permission: 'message' },
          ]
        : this.variant === 'builder'
          ? []
          : [
              { key: 'siteAdd', label: '添加站点', to: href('siteAdd'), permission: 'site:edit' },
              { key: 'remoteCharge', label: '远程充电', to: href('remoteCharge'), permission: 'remote:charge' },
              { key: 'chargerRecord', label: '充电记录', to: href('chargerRecordList'), permission: 'order:view' },
              { key: 'card', label: '卡片管理', to: href('card'), permission: 'card:view' },
              { key: 'permuteCard', label: '旧卡更换', to: href('permuteCard'), permission: 'card:edit' },
              { key: 'withdraw', label: '提现', to: href('withdraw'), permission: 'withdraw' },
              { key: 'statement', label: '对账单', to: href('statementBill'), permission: 'bill:view' },
              {
                key: 'stages',
                label: '结算中心',
                to: href('stages'),
                permission: 'settlement',
                when: settleMode === 1,
              },
              {
                key: 'platformFee',
                label: '平台费',
                to: href('platformFeeCurrent'),
                permission: 'settlement',
                when: settleMode === 2,
              },
              {
                key: 'workOrder',
                label: '安装工单',
                to: href('workOrderOnline'),
                permission: 'workOrder',
                badge: merchant.base.orderCount,
              },
              {
                key: 'siteAuthor',
                label: '站点授权',
                to: href('siteAuthorUndisposed'),
                permission: 'siteAuthor',
                badge: merchant.base.accreditCount,
              },
              { key: 'devStatistics', label: '设备统计', to: href('devStatistics'), permission: 'site:view' },
              { key: 'warning', label: '告警通知', to: href('warning'), permission: 'message' },
              { key: 'notice', label: '系统消息', to: href('upgrads'), permission: 'message' },
              { key: 'sim', label: 'SIM卡月租', to: href('sim'), permission: 'sim' },
              { key: 'parking', label: '停车记录', to: href('parkingList'), permission: 'parking' },
              { key: 'downCenter', label: '下载中心', to: href('downCenter'), permission: 'export' },
              {
                key: 'compact',
                label: '未签约订单',
                to: href('compactOrders'),
                permission: 'income:view',
                when: (this.unsigned.data?.total ?? 0) > 0,
              },
            ];
    return candidates
      .filter((c) => session.can(c.permission) && c.when !== false)
      .map(({ key, label, to, badge }) => ({ key, label, to, ...(badge === undefined ? {} : { badge }) }));
  }

  /** Pull-to-refresh: reloads merchant info too. */
  async refresh(): Promise<void> {
    await Promise.all([this.root.auth.loadMerchantInfo(), this.load()]);
  }
}

/** The home screen's store, kept while the app runs (see screenStore). */
export const homeStore = screenStore((root) => new HomeStore(root));
