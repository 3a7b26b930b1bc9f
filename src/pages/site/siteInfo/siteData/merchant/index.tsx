import { Avatar, SearchBar, Skeleton } from 'antd-mobile';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { getPropertyList, type PropertyListPage, type PropertyRow } from '@/api/site';
import { confirm, toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { safeImageUrl } from '@/lib/safe-url';
import { changeConfirmText, changeResultText, propertyPickerStore } from '@/stores/screens/site/property-picker';
import { useScreenStore } from '@/stores/screen-store';
import type { SiteTarget } from '@/stores/screens/site/site-add';
import { maskPhone } from '@/lib/phone';
import { useGoBack } from '@/sections/site/navigation';
import { siteTargetBack, siteTargetKey, useLoadOrLeave, useSiteTarget } from '@/sections/site/settings-ui';
import styles from './merchant.module.css';

/**
 * /site/siteInfo/siteData/merchant — 物业列表 (B-site.md §4): the caller's property merchants (GET
 * merchantListByOperator), searchable by name or phone, with 不关联物业 first and the current one checked. From the
 * add-site form (?from=add) a tap writes the site draft and goes back; for an existing site (?siteId=) a tap asks for
 * confirmation and changes the site's property through modifySite. The footer link to the new-property form shows once
 * that screen is built.
 */

const NEW_PROPERTY = href('tenementInfo');

function PropertyRowView({
  row,
  checked,
  disabled,
  onChoose,
}: {
  row: PropertyRow;
  checked: boolean;
  disabled: boolean;
  onChoose: (row: PropertyRow) => void;
}) {
  const name = row.shortName || row.name;
  return (
    <div
      className={clsx(styles.row, disabled && styles.disabled)}
      role="radio"
      aria-checked={checked}
      aria-disabled={disabled}
      data-testid="property-row"
      onClick={() => !disabled && onChoose(row)}
    >
      <Avatar
        src={safeImageUrl(row.logo)}
        alt=""
        className={styles.logo}
        fallback={<span className={styles.initial}>{name.slice(0, 1)}</span>}
      />
      <div className={styles.body}>
        <strong className={styles.name} data-testid="property-name">
          {name}
        </strong>
        <span className={styles.meta}>{[row.contacts, maskPhone(row.phone)].filter(Boolean).join(' · ')}</span>
        <span className={styles.meta}>关联站点 {row.siteCount} 个</span>
      </div>
      <span className={clsx(styles.mark, checked && styles.markChecked)} aria-hidden="true" />
    </div>
  );
}

const MerchantPage = observer(function MerchantPage({ mode }: { mode: SiteTarget }) {
  const goBack = useGoBack();
  const isBuilt = useIsBuilt();
  const store = useScreenStore(propertyPickerStore, mode);
  const [text, setText] = useState('');
  const back = siteTargetBack(mode);
  useLoadOrLeave(store);

  const choose = async (row: PropertyRow | null) => {
    if (mode.kind === 'add') {
      store.chooseForDraft(row);
      goBack(back);
      return;
    }
    if (row !== null && row.merchantId === store.currentMerchantId) return;
    if (row === null && store.currentMerchantId === null) return;
    if (!(await confirm('提示', changeConfirmText(row)))) return;
    const result = await store.changeSiteProperty(row);
    if (!result) return;
    toast(changeResultText(result, row === null));
    goBack(back);
  };

  const search = (keyword: string) => {
    const message = store.search(keyword);
    if (message) toast(message);
  };

  if (store.site?.pending) {
    return (
      <main className={styles.page}>
        <Skeleton.Paragraph lineCount={6} animated />
      </main>
    );
  }
  const locked = !store.selectable;
  return (
    <main className={styles.page}>
      <div className={styles.search} data-testid="property-search">
        <SearchBar
          placeholder="物业名称/手机号"
          maxLength={30}
          value={text}
          onChange={setText}
          onSearch={search}
          onClear={() => search('')}
        />
      </div>
      <div
        className={clsx(styles.row, styles.rowNone, locked && styles.disabled)}
        role="radio"
        aria-checked={store.currentMerchantId === null}
        aria-disabled={locked}
        data-testid="property-none"
        onClick={() => !locked && void choose(null)}
      >
        <div className={styles.body}>
          <strong className={styles.name} data-testid="property-name">
            不关联物业
          </strong>
          <span className={styles.meta}>站点收入不与物业分成</span>
        </div>
        <span
          className={clsx(styles.mark, store.currentMerchantId === null && styles.markChecked)}
          aria-hidden="true"
        />
      </div>
      <PagedList<PropertyRow, PropertyListPage>
        testId="property-list"
        fetchPage={(pageNum, pageSize) =>
          getPropertyList({ pageNum, pageSize, ...(store.keyword ? { keyword: store.keyword } : {}) })
        }
        watch={[store.keyword]}
        itemKey={(row) => row.merchantId}
        estimateSize={84}
        renderItem={(row) => (
          <PropertyRowView
            row={row}
            checked={row.merchantId === store.currentMerchantId}
            disabled={locked}
            onChoose={(r) => void choose(r)}
          />
        )}
        empty={
          store.keyword ? (
            <p>未找到相关物业</p>
          ) : isBuilt(NEW_PROPERTY) ? (
            <EntryLink to={NEW_PROPERTY}>暂无物业，去新增</EntryLink>
          ) : (
            <p>暂无物业</p>
          )
        }
      />
      {isBuilt(NEW_PROPERTY) && (
        <EntryLink to={NEW_PROPERTY} className={styles.add}>
          新增物业 &gt;
        </EntryLink>
      )}
    </main>
  );
});

/** The route's screen: reads the mode from the query; without one, back to the site list (B-site.md header). */
export default function MerchantRoute() {
  const target = useSiteTarget('siteMerchant');
  if (!target) return null;
  return <MerchantPage key={siteTargetKey(target)} mode={target} />;
}
