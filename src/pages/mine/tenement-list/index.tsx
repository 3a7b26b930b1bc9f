import { SearchBar, Tag } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { PropertyListPage, PropertyRow } from '@/api/site';
import { accountStatusLabel } from '@/api/accounts-rules';
import { PagedList } from '@/components/paged-list';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { BottomBar } from '@/sections/mine/card-parts';
import riders from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { tenementListStore } from '@/stores/screens/mine/tenement';

/**
 * /mine/tenement-list — 物业管理 (C-mine.md "/mine/tenement-list"; Business rule 21): the property companies taking a
 * share at the operator's sites, searchable by 物业名称 / 手机号, with "共 N 家物业 · 本月分润合计 ¥X"; rows name the
 * property, its contact and phone, 站点 N 个, 本月分润 and the account tag (已开通 / 未开通 / 已停用, in words); a row
 * opens its account, 新增物业 the new-property form (the only place a property is created).
 */

const TAG_COLORS: Record<0 | 1 | 2, string> = { 0: 'default', 1: 'success', 2: 'danger' };

function PropertyItem({ p }: { p: PropertyRow }) {
  return (
    <RowLink
      to={href('tenementInfo', { merchantId: p.merchantId })}
      className={riders.item}
      data-testid={`property-${p.merchantId}`}
    >
      <div className={riders.itemHead}>
        <b>{p.name}</b>
        <Tag color={TAG_COLORS[p.accountStatus]} fill="outline" data-testid="property-account-tag">
          {accountStatusLabel(p.accountStatus)}
        </Tag>
      </div>
      <div className={riders.itemLine}>
        <span>
          {p.contacts || '--'} {p.phone || ''}
        </span>
      </div>
      <div className={riders.itemLine}>
        <span>站点 {p.siteCount} 个</span>
        <span>
          本月分润 <span className={riders.money}>{formatFen(p.monthShareIncome)}</span>
        </span>
      </div>
    </RowLink>
  );
}

const TenementList = observer(function TenementList() {
  const store = useScreenStore(tenementListStore);
  const navigate = useNavigate();
  const add = () => void navigate(href('tenementInfo'));
  return (
    <main className={riders.page}>
      <SearchBar
        placeholder="物业名称 / 手机号"
        aria-label="搜索物业名称或手机号"
        value={store.keyword}
        maxLength={20}
        onChange={(v) => store.setKeyword(v)}
      />
      <p className={riders.summary} data-testid="property-summary">
        共 {store.total ?? '--'} 家物业 · 本月分润合计 {formatFen(store.monthShareIncomeSum)}
      </p>
      <PagedList<PropertyRow, PropertyListPage>
        testId="property-list"
        fetchPage={(n, size) => store.page(n, size)}
        watch={store.watch}
        debounceMs={300}
        itemKey={(p) => p.merchantId}
        estimateSize={104}
        onPage={(page) => store.setFigures(page.total, page.monthShareIncomeSum)}
        renderItem={(p) => <PropertyItem p={p} />}
        empty={
          <div className={riders.center}>
            <p>暂无物业</p>
            <Button size="small" color="primary" onClick={add}>
              新增物业
            </Button>
          </div>
        }
      />
      <BottomBar>
        <Button block color="primary" onClick={add} data-testid="property-add">
          新增物业
        </Button>
      </BottomBar>
    </main>
  );
});

export default TenementList;
