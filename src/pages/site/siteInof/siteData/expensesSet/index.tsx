import { Button } from '@/components/button';
import { fenToYuan } from '@/lib/money';
import { List, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import type { ShareRuleVersion } from '@/api/site-settings';
import {
  ELECTRIC_BEARER_NAMES,
  FEE_BEARER_NAMES,
  SHARE_MESSAGES,
  SHARE_STATUS_NAMES,
  electricPriceShown,
} from '@/api/site-settings-rules';
import { useScreenStore } from '@/stores/screen-store';
import { costSettingsStore, type CostSettingsStore } from '@/stores/screens/site/site-settings-share';
import { CostBearingForm, CostExampleCard } from '@/sections/site/cost-form';
import { LoadGate, Section, useLeaveGuard, useLoadOrLeave, useSiteQuery } from '@/sections/site/settings-ui';
import { saveShareChange } from '@/sections/site/share-parts';
import shared from '@/sections/site/settings.module.css';

/**
 * /site/siteInof/siteData/expensesSet — 费用承担详情 (B-site.md §4; the route keeps the spec's spelling "siteInof"): the
 * cost-bearing terms in force, the pending change (待生效 / 审核中 / 已驳回 with the reason), the examples, and 修改 →
 * the cost form of /site/add/expensesSet → 保存 (the share-change flow: review check, confirmation, effective tomorrow
 * or platform review when it lowers the property's terms).
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
          <List.Item extra={`¥${fenToYuan(rule.electricPrice)}/度`}>电费单价</List.Item>
        )}
        <List.Item extra={FEE_BEARER_NAMES[rule.channelFeeBearer]}>支付手续费</List.Item>
        <List.Item extra={FEE_BEARER_NAMES[rule.platformFeeBearer]}>平台服务费</List.Item>
        {version.status === 4 && <List.Item description={version.rejectReason ?? ''}>驳回原因</List.Item>}
      </List>
    </Section>
  );
});

const ExpensesSetPage = observer(function ExpensesSetPage({ siteId }: { siteId: number }) {
  const store = useScreenStore(costSettingsStore, siteId);
  useLoadOrLeave(store);
  useLeaveGuard(() => store.editing);
  const current = store.ctx.inForce;
  if (!current || !store.ctx.site.data) {
    return <LoadGate failed={store.ctx.failed} onRetry={() => void store.load()} />;
  }
  const { ctx, form, pending } = store;
  const splitMode = ctx.splitMode;

  const save = async () => {
    const saved = await saveShareChange({
      ctx,
      validate: () => store.validate(),
      confirm: { title: '保存修改', text: (day) => `修改将于${day}生效，今日收入仍按原规则结算`, ok: '保存' },
      save: () => store.save(),
    });
    if (saved) void store.load();
  };

  return (
    <main className={shared.page} data-testid="expenses-set">
      <VersionCard store={store} version={current} title="当前生效" />
      {pending && <VersionCard store={store} version={pending} title="待生效" />}
      {form ? (
        <Section title="修改费用承担">
          <CostBearingForm form={form} splitMode={splitMode} />
          <CostExampleCard example={store.formExample} splitMode={splitMode} />
          <div className={shared.actions} data-testid="settings-actions">
            <Button onClick={() => store.cancelEdit()}>取消</Button>
            <Button color="primary" loading={ctx.saving} disabled={ctx.saving} onClick={() => void save()}>
              保存
            </Button>
          </div>
        </Section>
      ) : (
        <>
          <Section title="分成示例">
            <CostExampleCard example={store.exampleOf(current.rule)} splitMode={splitMode} />
            {pending && pending.status !== 4 && (
              <CostExampleCard prefix="变更后" example={store.exampleOf(pending.rule)} splitMode={splitMode} />
            )}
          </Section>
          {ctx.inReview && <p className={shared.tip}>{SHARE_MESSAGES.inReview}</p>}
          {ctx.canEdit && (
            <div className={shared.actions} data-testid="settings-actions">
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

/** 费用承担详情 of the route's site (both spellings of the route; a missing siteId goes back to /site). */
export default function ExpensesSetScreen() {
  const query = useSiteQuery('siteExpenses');
  return query && <ExpensesSetPage siteId={query.siteId} />;
}
