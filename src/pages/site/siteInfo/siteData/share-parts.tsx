import { Button, List, NoticeBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { confirm, toast } from '../../../../components/feedback';
import { useIsBuilt } from '../../../../components/route-availability';
import { costSummary, shareSavedText, tomorrowOf, versionStatusText } from '../../../../stores/site-settings';
import type { ShareSettingsStore } from '../../../../stores/site-settings-share';
import { goBack, profilePath } from './settings-ui';

/**
 * Pieces shared by 综合分成 (integrateSet) and 分项分成 (benefitSet) (B-site.md §4): the mode banner and the working
 * copy's status, the cost-bearing row, the 添加分成方 / 保存 buttons and their flows.
 */

/** Mode banner and the working copy's status (生效中 since / 待生效 from / 审核中 / 已驳回 with the reason). */
export const ShareHeader = observer(function ShareHeader({ store }: { store: ShareSettingsStore }) {
  const working = store.ctx.working;
  return (
    <>
      <NoticeBar content={store.modeBanner} color="info" wrap />
      {store.ctx.inReview && <NoticeBar content="分成变更审核中，预计1-3个工作日，暂不可修改" color="alert" wrap />}
      {working && (
        <p className="share-status" data-testid="share-status">
          当前规则：{versionStatusText(working)}
        </p>
      )}
    </>
  );
});

/** The cost-bearing summary row → the cost-bearing detail. */
export const CostRow = observer(function CostRow({ store }: { store: ShareSettingsStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const rule = store.ctx.working?.rule;
  const path = `/site/siteInof/siteData/expensesSet?siteId=${store.ctx.siteId}`;
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
 * 添加分成方 and 保存 (B §4): 保存 validates, checks the review state (审核中 → toast and stop), confirms "保存后将于
 * {明天}生效" (with the zero-rate warning), saves, toasts "已保存，{date}生效" / "已提交平台审核" and goes back to the
 * profile.
 */
export const ShareActions = observer(function ShareActions({ store }: { store: ShareSettingsStore }) {
  const navigate = useNavigate();
  const { ctx } = store;
  if (!ctx.canEdit) return null;
  const add = () =>
    void navigate(`/site/siteInfo/siteData/benefitSet/benefitAdd?siteId=${ctx.siteId}&mode=${store.mode}`);
  const save = async () => {
    const error = store.validate();
    if (error) {
      toast(error);
      return;
    }
    const blocked = await ctx.reviewBlock();
    if (blocked !== null) {
      if (blocked) toast(blocked);
      return;
    }
    const warning = store.hasZeroRate ? '比例为0的分成方不会获得收入。' : '';
    if (!(await confirm('保存分成设置', `${warning}保存后将于${tomorrowOf(Date.now())}生效`, '保存'))) return;
    const result = await store.save();
    if (typeof result === 'string') toast(result);
    else if (result) {
      toast(shareSavedText(result));
      goBack(navigate, profilePath(ctx.siteId));
    }
  };
  return (
    <div className="settings-actions">
      <Button color="primary" fill="outline" onClick={add}>
        添加分成方
      </Button>
      <Button color="primary" loading={ctx.saving} disabled={ctx.saving} onClick={() => void save()}>
        保存
      </Button>
    </div>
  );
});

/** Asks before removing a party locally (saved with 保存). */
export async function confirmRemove(store: ShareSettingsStore, userId: number): Promise<void> {
  if (await confirm('删除分成方', '删除后该分成方次日起不再获得本站点分成', '删除')) store.removeParty(userId);
}
