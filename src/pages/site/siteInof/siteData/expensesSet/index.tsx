import { Button, List, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ShareRuleVersion } from '../../../../../api/site-settings';
import {
  ELECTRIC_BEARER_NAMES,
  FEE_BEARER_NAMES,
  SHARE_STATUS_NAMES,
  electricPriceShown,
} from '../../../../../api/site-settings-rules';
import { confirm, toast } from '../../../../../components/feedback';
import { useStores } from '../../../../../stores/root';
import { fenText, shareSavedText, tomorrowOf } from '../../../../../stores/site-settings';
import { CostSettingsStore } from '../../../../../stores/site-settings-share';
import {
  LoadFailed,
  PageLoading,
  Section,
  useLeaveGuard,
  useSiteIdParam,
  useSiteLoad,
} from '../../../siteInfo/siteData/settings-ui';
import { CostFormView, ExampleLine } from './cost-form';

/**
 * /site/siteInof/siteData/expensesSet — 费用承担详情 (B-site.md §4; the route keeps the spec's spelling "siteInof"): the
 * cost-bearing terms in force, the pending change (待生效 / 审核中 / 已驳回 with the reason), the example, and 修改 → the
 * cost form → 保存 (effective tomorrow, or platform review when it lowers the property's terms).
 */

const STATUS_COLORS: Record<number, string> = { 1: 'success', 2: 'primary', 3: 'warning', 4: 'danger', 5: 'default' };

/** One version's cost terms. */
const VersionCard = observer(function VersionCard({
  store,
  version,
  title,
}: {
  store: CostSettingsStore;
  version: ShareRuleVersion;
  title: string;
}) {
  const rule = version.rule;
  const hasProperty = store.ctx.hasProperty;
  return (
    <Section
      title={title}
      extra={
        <Tag color={STATUS_COLORS[version.status]} fill="outline">
          {SHARE_STATUS_NAMES[version.status]}
        </Tag>
      }
    >
      <List data-testid={`cost-version-${version.status}`}>
        <List.Item extra={version.effectiveDate}>生效日期</List.Item>
        <List.Item extra={ELECTRIC_BEARER_NAMES[rule.electricBearer]}>电费承担</List.Item>
        {electricPriceShown(rule.electricBearer, hasProperty) && (
          <List.Item extra={`¥${fenText(rule.electricPrice)}/度`}>电费单价</List.Item>
        )}
        <List.Item extra={FEE_BEARER_NAMES[rule.channelFeeBearer]}>支付手续费</List.Item>
        <List.Item extra={FEE_BEARER_NAMES[rule.platformFeeBearer]}>平台服务费</List.Item>
        {version.status === 4 && <List.Item description={version.rejectReason ?? ''}>驳回原因</List.Item>}
      </List>
    </Section>
  );
});

const ExpensesSetPage = observer(function ExpensesSetPage() {
  const root = useStores();
  const siteId = useSiteIdParam();
  const [store] = useState(() => (siteId === null ? null : new CostSettingsStore(root, siteId)));
  useSiteLoad(siteId, store);
  useLeaveGuard(() => store?.editing === true);
  if (!store) return <PageLoading />;
  const { ctx } = store;
  if (ctx.versions.failed || ctx.site.failed) return <LoadFailed onRetry={() => void store.load()} />;
  const current = ctx.inForce;
  if (!current || !ctx.site.data) return <PageLoading />;
  const pending = store.pending;

  const save = async () => {
    const error = store.validate();
    if (error) {
      toast(error);
      return;
    }
    const sure = await confirm('保存修改', `修改将于${tomorrowOf(Date.now())}生效，今日收入仍按原规则结算`, '保存');
    if (!sure) return;
    const result = await store.save();
    if (typeof result === 'string') toast(result);
    else if (result) {
      toast(shareSavedText(result));
      void store.load();
    }
  };

  return (
    <main className="settings-page" data-testid="expenses-set">
      <VersionCard store={store} version={current} title="当前生效" />
      {pending && <VersionCard store={store} version={pending} title="待生效" />}
      {store.editing ? (
        <Section title="修改费用承担">
          <CostFormView store={store} />
          <div className="settings-actions">
            <Button onClick={() => store.cancelEdit()}>取消</Button>
            <Button color="primary" loading={ctx.saving} disabled={ctx.saving} onClick={() => void save()}>
              保存
            </Button>
          </div>
        </Section>
      ) : (
        <>
          <Section title="分成示例">
            <ExampleLine rows={store.exampleOf(current.rule)} />
            {pending && pending.status !== 4 && <ExampleLine prefix="变更后" rows={store.exampleOf(pending.rule)} />}
          </Section>
          {ctx.inReview && <p className="settings-tip">分成变更审核中，暂不可修改</p>}
          {ctx.canEdit && (
            <div className="settings-actions">
              <Button block color="primary" onClick={() => store.startEdit()}>
                修改
              </Button>
            </div>
          )}
        </>
      )}
    </main>
  );
});

export default ExpensesSetPage;
