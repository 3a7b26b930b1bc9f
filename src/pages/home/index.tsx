import { Badge, Dialog, PullToRefresh, Skeleton } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { FEATURE_ICONS } from '@/components/feature-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TYPE_NAMES } from '@/api/user';
import { badgeText } from '@/components/badge';
import { toast } from '@/components/feedback';
import { Count, Money } from '@/components/money';
import { FunctionGrid } from '@/components/function-grid';
import { MerchantLogo } from '@/components/merchant-logo';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { readItem, writeItem } from '@/lib/storage';
import { formatKwh, formatMinutes } from '@/lib/time';
import { homeStore, type HomeStore } from '@/stores/screens/home/home';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import styles from './home.module.css';

/**
 * / and /home — 首页 (A-shell-home-settlement.md §3): today's business at a glance and the launchpad into every
 * section, in three variants (operator/agent/sub-account, property, builder). Figures come from the sandbox's orders.
 */

/** Session key remembering that the sign reminder was shown in this browser session. */
const SIGN_REMINDER_KEY = 'homeSignReminderShown';

function Block({ loading, children }: { loading: boolean; children: ReactNode }) {
  return loading ? <Skeleton.Paragraph lineCount={3} animated /> : <>{children}</>;
}

const Header = observer(function Header() {
  const { merchant, session } = useStores();
  const info = merchant.info;
  const accountType = info?.accountType ?? session.extendPermission?.accountType;
  return (
    <header className={styles.header}>
      <MerchantLogo src={merchant.base.logo} name={info?.shortName || info?.name || ''} className={styles.logo} />
      <div className={styles.name}>
        <strong>{info ? info.shortName || info.name : '--'}</strong>
        {accountType && <span className={styles.role}>{ACCOUNT_TYPE_NAMES[accountType]}</span>}
      </div>
      <EntryLink
        to={href('warning')}
        className={styles.bell}
        unbuilt="hidden"
        label={info?.unreadCount ? `消息，${info.unreadCount}条未读` : '消息'}
      >
        <Badge content={badgeText(info?.unreadCount)}>
          <BellOutline aria-hidden />
        </Badge>
      </EntryLink>
    </header>
  );
});

const UnsignedBar = observer(function UnsignedBar({ home }: { home: HomeStore }) {
  const data = home.unsigned.data;
  if (!data || data.total <= 0) return null;
  const days =
    data.nearestDeadline === null ? null : Math.max(0, Math.ceil((data.nearestDeadline - Date.now()) / 86_400_000));
  return (
    <EntryLink to={href('compactOrders')} className={styles.unsigned}>
      <span>
        您有{data.total}笔订单（
        <Money fen={data.amount} />
        ）因未完成签约暂未结算
        {days !== null && `，最早${days}天后原路退回`}
      </span>
    </EntryLink>
  );
});

const IncomeCard = observer(function IncomeCard({ home }: { home: HomeStore }) {
  const { session } = useStores();
  const data = home.income.data;
  const body = (
    <>
      <h2 className={styles.cardTitle}>
        今日收入<small>元</small>
      </h2>
      <Block loading={home.income.pending}>
        <div className={styles.big} data-testid="today-income-total">
          <Money fen={data?.total} />
        </div>
        <div className={styles.row}>
          <span>
            充电{' '}
            <b>
              <Money fen={data?.charge} />
            </b>
          </span>
          <span>
            储值卡充值{' '}
            <b>
              <Money fen={data?.valueCardRecharge} />
            </b>
          </span>
          <span>
            月卡{' '}
            <b>
              <Money fen={data?.monthCard} />
            </b>
          </span>
          {home.coinEnabled && (
            <span>
              投币{' '}
              <b>
                <Money fen={data?.coin} />
              </b>
            </span>
          )}
        </div>
        <div className={`${styles.row} ${styles.footerRow}`}>
          <span>
            昨日{' '}
            <b>
              <Money fen={data?.yesterdayTotal} />
            </b>
          </span>
          <span>
            本月{' '}
            <b>
              <Money fen={data?.monthTotal} />
            </b>
          </span>
          <span>
            今日退款{' '}
            <b>
              <Money fen={data?.refund} />
            </b>
          </span>
        </div>
      </Block>
    </>
  );
  return session.can('income:view') ? (
    <EntryLink to={href('income')} className={`${styles.card} ${styles.cardIncome}`}>
      {body}
    </EntryLink>
  ) : (
    <section className={`${styles.card} ${styles.cardIncome}`}>{body}</section>
  );
});

const ChargeCard = observer(function ChargeCard({ home }: { home: HomeStore }) {
  const data = home.charge.data;
  return (
    <EntryLink to={href('chargerRecordList')} className={`${styles.card} ${styles.cardCharge}`}>
      <h2 className={styles.cardTitle}>今日充电</h2>
      <Block loading={home.charge.pending}>
        <div className={styles.grid}>
          <div className={styles.cell}>
            <span className={styles.cellValue} data-testid="today-order-count">
              <Count value={data?.orderCount} />
            </span>
            <span className={styles.cellLabel}>订单(笔)</span>
            <span className={styles.cellSub}>
              昨日 <Count value={data?.yesterdayOrderCount} />
            </span>
          </div>
          <div className={styles.cell}>
            <span className={styles.cellValue}>
              <Count value={data?.chargingCount} />
            </span>
            <span className={styles.cellLabel}>充电中(路)</span>
          </div>
          <div className={styles.cell}>
            <span className={styles.cellValue}>{data ? formatKwh(data.energy) : '--'}</span>
            <span className={styles.cellLabel}>电量(kWh)</span>
          </div>
          <div className={styles.cell}>
            <span className={styles.cellValue} data-testid="today-duration">
              {/* The units in small type, so that 168小时17分 stands on one line in a third of the card; when it cannot,
                  it wraps between 小时 and 分, never inside them (issue 13: no character alone on a line). */}
              {(data ? formatMinutes(data.duration) : '--')
                .replace('小时', '小时\n')
                .split('\n')
                .map((part) => (
                  <span key={part} className={styles.keep}>
                    {part.split(/(\D+)/).map((piece, i) =>
                      i % 2 === 1 && piece !== '--' ? (
                        <small key={i} className={styles.cellUnit}>
                          {piece}
                        </small>
                      ) : (
                        piece
                      ),
                    )}
                  </span>
                ))}
            </span>
            <span className={styles.cellLabel}>时长</span>
          </div>
          <div className={styles.cell}>
            <span className={styles.cellValue}>
              <Count value={data?.userCount} />
            </span>
            <span className={styles.cellLabel}>用户(人)</span>
          </div>
        </div>
      </Block>
    </EntryLink>
  );
});

const CoinStrip = observer(function CoinStrip({ home }: { home: HomeStore }) {
  if (!home.coinEnabled) return null;
  const today = home.coinToday.data;
  const month = home.coinMonth.data;
  return (
    <EntryLink to={href('coinBill')} className={`${styles.card} ${styles.strip}`}>
      <span>
        今日投币{' '}
        <b>
          <Count value={today?.count} unit="笔" />
        </b>{' '}
        /{' '}
        <b>
          <Count value={today?.coinCount} unit="枚" />
        </b>
      </span>
      <span>
        本月投币收入{' '}
        <b>
          <Money fen={month?.amount} />
        </b>
      </span>
    </EntryLink>
  );
});

const AssetCard = observer(function AssetCard({ home }: { home: HomeStore }) {
  const { session } = useStores();
  const isBuilt = useIsBuilt();
  const counts = home.counts.data;
  const cards = home.cards.data;
  const children = home.children.data;
  if (counts && counts.siteCount === 0) {
    return (
      <section className={`${styles.card} ${styles.guide}`} data-testid="home-guide">
        <p>还没有站点，先去添加第一个站点吧</p>
        {session.can('site:edit') && isBuilt(href('siteAdd')) && (
          <EntryLink to={href('siteAdd')} className="adm-button adm-button-primary">
            添加站点
          </EntryLink>
        )}
      </section>
    );
  }
  // The grid's height is known before the figures arrive (one row per three cells): reserve it, so that nothing below
  // moves when they do.
  const cells =
    (session.can('site:view') ? 3 : 0) +
    (session.can('card:view') ? 1 : 0) +
    (session.can('agent') ? 1 : 0) +
    (session.can('tenement') ? 1 : 0) +
    (session.can('subAccount') ? 1 : 0);
  return (
    <section className={styles.card} style={{ minHeight: 56 + Math.ceil(cells / 3) * 68 }}>
      <h2 className={styles.cardTitle}>资产概览</h2>
      <Block loading={home.counts.pending}>
        <div className={styles.grid}>
          {session.can('site:view') && (
            <EntryLink to={href('site')} className={styles.cell}>
              <span className={styles.cellValue} data-testid="asset-site-count">
                <Count value={counts?.siteCount} />
              </span>
              <span className={styles.cellLabel}>站点(个)</span>
            </EntryLink>
          )}
          {session.can('site:view') && (
            <EntryLink to={href('devStatistics')} className={styles.cell}>
              <span className={styles.cellValue} data-testid="asset-box-count">
                <Count value={counts?.boxCount} />
              </span>
              <span className={styles.cellLabel}>设备(台)</span>
              <span className={styles.cellSub}>
                <span>
                  在线 <Count value={counts?.onlineBoxCount} />
                </span>
                <span>
                  离线{' '}
                  <span className={styles.danger}>
                    <Count value={counts?.offlineBoxCount} />
                  </span>
                </span>
              </span>
            </EntryLink>
          )}
          {session.can('site:view') && (
            <EntryLink to={href('devStatistics')} className={styles.cell}>
              <span className={styles.cellValue} data-testid="asset-socket-count">
                <Count value={counts?.socketCount} />
              </span>
              <span className={styles.cellLabel}>插座(路)</span>
              {/* Every state the total is made of (A: Charger status; 已充满 counts as charging): they add up to it. */}
              <span className={styles.cellSub} data-testid="asset-socket-states">
                <span>
                  空闲 <Count value={counts?.idleSocketCount} />
                </span>
                <span>
                  充电中 <Count value={counts?.chargingSocketCount} />
                </span>
                <span>
                  故障 <Count value={counts?.faultSocketCount} />
                </span>
                <span>
                  离线 <Count value={counts?.offlineSocketCount} />
                </span>
              </span>
            </EntryLink>
          )}
          {session.can('card:view') && (
            <EntryLink to={href('card')} className={styles.cell}>
              <span className={styles.cellValue} data-testid="asset-card-count">
                <Count value={cards?.total} />
              </span>
              <span className={styles.cellLabel}>卡片(张)</span>
              <span className={styles.cellSub} data-testid="asset-card-kinds">
                <span>
                  储值卡{' '}
                  <Count
                    value={
                      cards
                        ? cards.siteValueCardCount + cards.areaValueCardCount + cards.electronicCardCount
                        : undefined
                    }
                  />
                </span>
                <span>
                  月卡 <Count value={cards?.siteMonthCardCount} />
                </span>
              </span>
            </EntryLink>
          )}
          {session.can('agent') && (
            <EntryLink to={href('factorialList')} className={styles.cell}>
              <span className={styles.cellValue}>
                <Count value={children?.agentCount} />
              </span>
              <span className={styles.cellLabel}>代理商</span>
            </EntryLink>
          )}
          {session.can('tenement') && (
            <EntryLink to={href('tenementList')} className={styles.cell}>
              <span className={styles.cellValue}>
                <Count value={children?.propertyCount} />
              </span>
              <span className={styles.cellLabel}>物业</span>
            </EntryLink>
          )}
          {session.can('subAccount') && (
            <EntryLink to={href('accountList')} className={styles.cell}>
              <span className={styles.cellValue}>
                <Count value={children?.subAccountCount} />
              </span>
              <span className={styles.cellLabel}>子账号</span>
            </EntryLink>
          )}
        </div>
      </Block>
    </section>
  );
});

/** The 常用功能 card: the store's entries (permissions, conditions) whose screen is built; hidden when none is. */
const Functions = observer(function Functions({ home }: { home: HomeStore }) {
  const isBuilt = useIsBuilt();
  const entries = home.functions.filter((f) => isBuilt(f.to));
  if (entries.length === 0) return null;
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>常用功能</h2>
      <FunctionGrid entries={entries.map((f) => ({ ...f, icon: FEATURE_ICONS[f.key] }))} />
    </section>
  );
});

const OperatorHome = observer(function OperatorHome({ home }: { home: HomeStore }) {
  return (
    <>
      <UnsignedBar home={home} />
      <IncomeCard home={home} />
      <ChargeCard home={home} />
      <CoinStrip home={home} />
      <AssetCard home={home} />
      <Functions home={home} />
    </>
  );
});

const PropertyHome = observer(function PropertyHome({ home }: { home: HomeStore }) {
  const { session } = useStores();
  const data = home.property.data;
  return (
    <>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>今日分润</h2>
        <Block loading={home.property.pending}>
          <div className={styles.big} data-testid="property-today-share">
            <Money fen={data?.summary.todayShareIncome} />
          </div>
          <div className={styles.row}>
            <span>
              本月分润{' '}
              <b>
                <Money fen={data?.summary.monthShareIncome} />
              </b>
            </span>
            <span>
              累计{' '}
              <b>
                <Money fen={data?.summary.totalShareIncome} />
              </b>
            </span>
          </div>
          <div className={`${styles.row} ${styles.footerRow}`}>
            <span>
              可提现{' '}
              <b>
                <Money fen={data?.availableBalance} />
              </b>{' '}
              {session.can('withdraw') && (
                <EntryLink
                  to={href('withdraw')}
                  className={styles.withdraw}
                  testId="property-withdraw"
                  unbuilt="hidden"
                >
                  提现
                </EntryLink>
              )}
            </span>
            <EntryLink to={href('site')}>
              站点{' '}
              <b>
                <Count value={data?.summary.siteCount} unit="个" />
              </b>
            </EntryLink>
          </div>
        </Block>
      </section>
      <Functions home={home} />
    </>
  );
});

const BuilderHome = observer(function BuilderHome({ home }: { home: HomeStore }) {
  const { merchant } = useStores();
  return (
    <>
      <EntryLink to={href('workOrderWorking')} className={styles.card}>
        <h2 className={styles.cardTitle}>待处理工单</h2>
        <div className={styles.big} data-testid="builder-order-count">
          <Count value={merchant.base.loaded ? merchant.base.orderCount : undefined} />
        </div>
        <div className={styles.row}>施工中与验收驳回的工单</div>
      </EntryLink>
      <EntryLink to={href('workOrderWorking', { status: 4 })} className={styles.card}>
        <h2 className={styles.cardTitle}>待验收</h2>
        <div className={styles.big} data-testid="builder-accept-count">
          <Count value={home.builderWaits.data?.waitAcceptCount} />
        </div>
        <div className={styles.row}>已提交、等待运营商验收的工单</div>
      </EntryLink>
    </>
  );
});

/** The one-time 签约提醒 after a tab tap (isShowModal=1) when orders are held for an unsigned contract. */
function useSignReminder(home: HomeStore): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const { session, signInfo } = useStores();
  const total = home.unsigned.data?.total ?? 0;
  const fromTab = params.get('isShowModal') === '1';
  useEffect(() => {
    if (!fromTab || total <= 0 || readItem('session', SIGN_REMINDER_KEY)) return;
    writeItem('session', SIGN_REMINDER_KEY, '1');
    const content = `有${total}笔订单资金因未签约暂由支付机构托管，签约后自动结算，逾期将原路退回用户`;
    if (!isBuilt(href('signAgree'))) {
      void Dialog.alert({ title: '签约提醒', 'aria-label': '签约提醒', content, confirmText: '我知道了' });
      return;
    }
    void Dialog.confirm({
      title: '签约提醒',
      'aria-label': '签约提醒',
      content,
      cancelText: '稍后再说',
      confirmText: '去签约',
    }).then((go) => {
      if (!go) return;
      if (session.extendPermission?.signStatus === 1) toast('签约审核中，请耐心等待');
      else {
        // sign-agree returns here when done (D-income.md §0.8 sign info backUrl).
        signInfo.update({ backUrl: href('home') });
        void navigate(href('signAgree'));
      }
    });
  }, [fromTab, total, isBuilt, navigate, session, signInfo]);
}

const HomePage = observer(function HomePage() {
  const home = useScreenStore(homeStore);
  useEffect(() => {
    void home.load();
  }, [home]);
  useSignReminder(home);
  return (
    <main className={styles.page}>
      <PullToRefresh
        onRefresh={async () => {
          await home.refresh();
          toast('已刷新');
        }}
      >
        <Header />
        <div className={styles.body}>
          {home.variant === 'operator' && <OperatorHome home={home} />}
          {home.variant === 'property' && <PropertyHome home={home} />}
          {home.variant === 'builder' && <BuilderHome home={home} />}
        </div>
      </PullToRefresh>
    </main>
  );
});

export default HomePage;
