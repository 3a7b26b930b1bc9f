import { Button } from '@/components/button';
import { tomorrowOf } from '@/lib/time';
import { List, NoticeBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ModifySiteResult } from '@/api/site-settings';
import { SHARE_MESSAGES } from '@/api/site-settings-rules';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { shareSavedText, versionStatusText } from '@/stores/screens/site/site-settings';
import { costSummary } from '@/stores/screens/site/site-settings-cost';
import type { ShareSettingsStore, SiteShareContext } from '@/stores/screens/site/site-settings-share';
import { useGoBack } from './navigation';
import { href } from '@/config/routes';
import { Section } from './settings-ui';
import shared from './settings.module.css';

/**
 * Pieces shared by the pages that change a site's share terms (B-site.md §4): the save flow of 综合分成 (integrateSet),
 * 分项分成 (benefitSet), 添加分成方 (benefitAdd) and 费用承担 (expensesSet); and the frame of integrateSet and benefitSet
 * (mode banner and the working copy's status, the parties' section, the cost-bearing row, 添加分成方 / 保存).
 */

/** Banner of a change under review (B §4 siteData, integrateSet "审核中 -> all inputs disabled with the banner"). */
export const IN_REVIEW_BANNER = '分成变更审核中，预计1-3个工作日';

/** How a page's share change is saved (see saveShareChange). */
export interface ShareChange {
  ctx: SiteShareContext;
  /** The first validation failure of the page's form, or null. */
  validate: () => string | null;
  /** The confirmation: title, text (given tomorrow's day 'YYYY-MM-DD'), confirm button. */
  confirm: { title: string; text: (tomorrow: string) => string; ok: string };
  /** Sends the change: the answer, a message to show, or null (failed, already toasted). */
  save: () => Promise<ModifySiteResult | string | null>;
  /** The toast's verb: "{verb}，{date}生效" (default 已保存). */
  verb?: string;
}

/**
 * The save flow of a share change (B §4 integrateSet 保存 — "checkAuditSiteInfo (审核中 -> toast and stop) -> confirm
 * 保存后将于{明天}生效 -> POST modifySite -> toast 已保存，{date}生效 / 已提交平台审核"; benefitAdd and expensesSet alike):
 * the first validation failure is toasted; a change under review stops with 分成变更审核中，暂不可修改. Resolves true
 * when the change was accepted (the page then goes back or reloads).
 */
export async function saveShareChange(change: ShareChange): Promise<boolean> {
  const error = change.validate();
  if (error) {
    toast(error);
    return false;
  }
  const blocked = await change.ctx.reviewBlock();
  if (blocked !== null) {
    if (blocked) toast(blocked);
    return false;
  }
  const { title, text, ok } = change.confirm;
  if (!(await confirm(title, text(tomorrowOf(Date.now())), ok))) return false;
  const result = await change.save();
  if (typeof result === 'string') toast(result);
  else if (result) toast(shareSavedText(result, change.verb));
  return result !== null && typeof result !== 'string';
}

/** Mode banner and the working copy's status (生效中 since / 待生效 from / 审核中 / 已驳回 with the reason). */
const ShareHeader = observer(function ShareHeader({ store }: { store: ShareSettingsStore }) {
  const working = store.ctx.working;
  return (
    <>
      <NoticeBar content={store.modeBanner} color="info" wrap />
      {store.ctx.inReview && <NoticeBar content={`${IN_REVIEW_BANNER}，暂不可修改`} color="alert" wrap />}
      {working && (
        <p className={shared.shareStatus} data-testid="share-status">
          当前规则：{versionStatusText(working)}
        </p>
      )}
    </>
  );
});

/** The cost-bearing summary row → the cost-bearing detail. */
const CostRow = observer(function CostRow({ store }: { store: ShareSettingsStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const rule = store.ctx.working?.rule;
  const path = href('siteExpenses', { siteId: store.ctx.siteId });
  if (!rule) return null;
  return (
    <List>
      <List.Item
        description={<span data-testid="cost-row">{costSummary(rule, store.ctx.hasProperty)}</span>}
        onClick={isBuilt(path) ? () => void navigate(path) : undefined}
      >
        费用承担
      </List.Item>
    </List>
  );
});

/**
 * 添加分成方 and 保存 (B §4): 保存 runs the save flow with "保存后将于{明天}生效" (and the zero-rate warning), then goes
 * back to the profile.
 */
const ShareActions = observer(function ShareActions({ store }: { store: ShareSettingsStore }) {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { ctx } = store;
  if (!ctx.canEdit) return null;
  const add = () => void navigate(href('siteBenefitAdd', { siteId: ctx.siteId, mode: store.mode }));
  const save = async () => {
    const warning = store.hasZeroRate ? `${SHARE_MESSAGES.zeroWarning}。` : '';
    const saved = await saveShareChange({
      ctx,
      validate: () => store.validate(),
      confirm: { title: '保存分成设置', text: (day) => `${warning}保存后将于${day}生效`, ok: '保存' },
      save: () => store.save(),
    });
    if (saved) goBack(href('siteData', { siteId: ctx.siteId }));
  };
  return (
    <div className={shared.actions} data-testid="settings-actions">
      <Button color="primary" fill="outline" onClick={add}>
        添加分成方
      </Button>
      <Button color="primary" loading={ctx.saving} disabled={ctx.saving} onClick={() => void save()}>
        保存
      </Button>
    </div>
  );
});

/**
 * The page of integrateSet and benefitSet (B §4): the mode banner and status, the 分成方 section (empty text "暂无分成方，
 * 全部收入归运营商", the page's rows, the zero-rate warning, the page's note), the cost-bearing row, what the page adds
 * after it, and 添加分成方 / 保存.
 */
export const ShareFrame = observer(function ShareFrame({
  store,
  testId,
  note,
  after,
  children,
}: {
  store: ShareSettingsStore;
  testId: string;
  /** Under the parties (integrateSet: the example; benefitSet: the tips). */
  note: ReactNode;
  /** Between the cost row and the buttons (integrateSet: the property's other sites). */
  after?: ReactNode;
  /** The parties' rows. */
  children: ReactNode;
}) {
  return (
    <main className={shared.page} data-testid={testId}>
      <ShareHeader store={store} />
      <Section title="分成方">
        {store.parties.length === 0 && <p className={shared.tip}>暂无分成方，全部收入归运营商</p>}
        {children}
        {store.hasZeroRate && <p className={shared.warning}>{SHARE_MESSAGES.zeroWarning}</p>}
        {note}
      </Section>
      <CostRow store={store} />
      {after}
      <ShareActions store={store} />
    </main>
  );
});

/** Asks before removing a party locally (saved with 保存). */
export async function confirmRemove(store: ShareSettingsStore, userId: number): Promise<void> {
  if (await confirm('删除分成方', '删除后该分成方次日起不再获得本站点分成', '删除')) store.removeParty(userId);
}
