import { Input, List, TextArea } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { Fragment, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { href, pathOf } from '@/config/routes';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { siteAddStore, type SiteAddField } from '@/stores/screens/site/site-add';
import { costSummary } from '@/stores/screens/site/site-settings-cost';
import styles from './add.module.css';

/**
 * /site/add — 添加站点 (B-site.md §1): a form bound to the site draft (§0.1, kept in session storage, so leaving for
 * the map, the property list or the cost page — or reloading — keeps everything). 提交 validates in screen order
 * (the first failure is toasted and its field scrolled into view), checks the name against nameList, posts addSite,
 * clears the draft, marks the site list dirty and opens the new site's device list with the offer to scan a device.
 * 清空 resets the draft after a confirmation.
 */

const FACILITY_CODE = pathOf('facilityCode');

/** Scrolls the row of a field into view (after a failed check). */
function reveal(field: SiteAddField): void {
  document.querySelector(`[data-field="${field}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

const SiteAddPage = observer(function SiteAddPage() {
  const root = useStores();
  const { siteDraft } = root;
  const store = useScreenStore(siteAddStore);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const draft = siteDraft.draft;
  const hasProperty = draft.merchantId !== null;
  const region = [draft.province, draft.city, draft.area].filter(Boolean).join(' ');

  // The property may have changed on the property list: show its rate.
  useEffect(() => {
    store.syncRate();
  }, [store, draft.merchantId]);

  const submit = async () => {
    const outcome = await store.submit();
    if (!outcome || outcome.kind === 'failed') return;
    if (outcome.kind === 'invalid') {
      toast(outcome.failure.message);
      reveal(outcome.failure.field);
      return;
    }
    toast('添加成功');
    const id = outcome.id;
    void navigate(href('facilityList', { siteId: id }), { replace: true });
    if (!isBuilt(FACILITY_CODE)) return;
    const scan = await confirm('提示', '站点已创建，是否立即扫码添加设备？', '去添加', '稍后');
    if (scan) void navigate(href('facilityCode', { siteId: id }));
  };

  const clear = async () => {
    if (await confirm('提示', '清空已填写的内容？', '清空', '取消')) store.clear();
  };

  return (
    <main className={styles.page}>
      <div className={styles.bar}>
        <span>带 * 为必填项</span>
        <button type="button" className={styles.clear} onClick={() => void clear()} data-testid="site-add-clear">
          清空
        </button>
      </div>
      <List header="基本信息" mode="card">
        <List.Item title="站点名称 *" data-field="name">
          <Input
            name="siteName"
            placeholder="如：翠苑一区3栋车棚"
            maxLength={30}
            value={draft.name}
            onChange={(name) => siteDraft.update({ name })}
          />
        </List.Item>
        <List.Item
          title="站点位置 *"
          data-field="location"
          data-testid="site-add-location"
          clickable
          onClick={() => void navigate(href('siteMapLocation', { from: 'add' }))}
          extra={region || '请选择'}
        >
          {draft.longitude !== null && draft.latitude !== null ? (
            <span className={styles.coords}>
              {draft.longitude.toFixed(6)}, {draft.latitude.toFixed(6)}
            </span>
          ) : null}
        </List.Item>
        <List.Item title="详细地址 *" data-field="address">
          <TextArea
            name="address"
            placeholder="如：翠苑一区3栋南侧车棚"
            maxLength={60}
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={draft.address}
            onChange={(address) => siteDraft.update({ address })}
          />
        </List.Item>
        <List.Item title="联系人 *" data-field="contacts">
          <Input
            name="contacts"
            placeholder="现场联系人姓名"
            maxLength={10}
            value={draft.contacts}
            onChange={(contacts) => siteDraft.update({ contacts })}
          />
        </List.Item>
        <List.Item title="联系电话 *" data-field="contactsPhone">
          <Input
            name="contactsPhone"
            placeholder="现场联系人手机号"
            inputMode="tel"
            maxLength={11}
            value={draft.contactsPhone}
            onChange={(contactsPhone) => siteDraft.update({ contactsPhone })}
          />
        </List.Item>
        <List.Item title="客服电话 *" data-field="servicePhone" description="用户扫码页展示">
          <Input
            name="servicePhone"
            placeholder="手机、座机或400电话"
            inputMode="tel"
            maxLength={20}
            value={draft.servicePhone}
            onChange={(servicePhone) => siteDraft.update({ servicePhone })}
          />
        </List.Item>
      </List>
      <List header="合作信息" mode="card">
        <List.Item
          title="物业"
          data-testid="site-add-property"
          clickable
          onClick={() => void navigate(href('siteMerchant', { from: 'add' }))}
          extra={hasProperty ? draft.merchantName : '不关联物业'}
        />
        {hasProperty && (
          <List.Item title="物业分成比例 *" data-field="propertyRate" extra="%">
            <Input
              name="propertyRate"
              placeholder="0-100，最多2位小数"
              inputMode="decimal"
              maxLength={6}
              value={store.rateInput}
              onChange={(text) => store.setRateInput(text)}
            />
          </List.Item>
        )}
        <List.Item
          title="费用承担"
          data-field="costs"
          data-testid="site-add-costs"
          clickable
          onClick={() => void navigate(href('siteAddExpenses'))}
          description={costSummary(draft.siteShareRule, hasProperty)
            .split(' · ')
            .map((part, i) => (
              // Each term on one line: the description wraps between terms, never inside one (issue 13 item 6).
              <Fragment key={part}>
                {i > 0 && ' · '}
                <span className={styles.costPart} data-testid="cost-part">
                  {part}
                </span>
              </Fragment>
            ))}
        />
      </List>
      <p className={styles.note}>站点创建后默认使用平台标准收费，可在站点资料中修改</p>
      <div className={styles.submit}>
        <Button block color="primary" size="large" disabled={store.submitting} onClick={() => void submit()}>
          {store.submitting ? '提交中...' : '提交'}
        </Button>
      </div>
    </main>
  );
});

export default SiteAddPage;
