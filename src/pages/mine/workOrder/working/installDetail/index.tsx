import { ActionSheet, Dialog, Input, Radio, Tag, TextArea } from 'antd-mobile';
import { DEVICE_STATUS } from '@/lib/device-status';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { WorkOrderDetail } from '@/api/work-order';
import { SITE_STATUS_LABELS } from '@/api/site-rules';
import { APPLY_TYPE_NAMES } from '@/api/work-order-rules';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery, useLeaveWhen } from '@/components/route-query';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import { safeImageUrl, safeUrl, telHref } from '@/lib/safe-url';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { formatTime } from '@/lib/time';
import { BottomBar, DetailFailed, DetailLoading, Field, Rows } from '@/sections/mine/card-parts';
import { WorkOrderStatusTag } from '@/sections/mine/work-order-parts';
import styles from '@/sections/mine/riders.module.css';
import local from './install-detail.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { installDetailStore, type ActionResult, type InstallDetailStore } from '@/stores/screens/mine/install-detail';

/**
 * /mine/workOrder/working/installDetail — 安装申请详情 (C-mine.md; Business rule 17): the status banner, 申请信息,
 * 审核信息 (from 已驳回 on), 施工培训 (from 施工中 on), 施工成果 (from 待验收 on), and the actions of the viewer's
 * side — the operator's review of a 待审核 order (通过 with a site and a builder / 驳回) and acceptance of a 待验收 one;
 * the builder's training confirmation, 去添加设备 and 提交验收. Every action asks for confirmation first and its button
 * is disabled while it runs.
 */

/** Tells the user how an action ended (a refusal before calling; a failure was told by the request layer). */
function told(result: ActionResult, success: string): boolean {
  if (result.ok) toast(success);
  else if (result.message) toast(result.message);
  return result.ok;
}

/** The banner's time: 申请时间 / 审核时间 / 提交验收时间 / 完成时间 by status. */
function bannerTime(o: WorkOrderDetail): string {
  if (o.status === 5) return `完成时间 ${formatTime(o.finishTime)}`;
  if (o.status === 4) return `提交验收时间 ${formatTime(o.submitTime)}`;
  if (o.status === 1) return `申请时间 ${formatTime(o.applyTime)}`;
  return `审核时间 ${formatTime(o.approveTime)}`;
}

function Application({ store, o }: { store: InstallDetailStore; o: WorkOrderDetail }) {
  return (
    <section className={styles.card} aria-label="申请信息">
      <h2>申请信息</h2>
      <Rows
        rows={[
          { label: '工单编号', value: o.orderNo, testId: 'order-no' },
          { label: '申请类型', value: APPLY_TYPE_NAMES[o.applyType] },
          {
            label: '申请人',
            value: (
              <>
                {o.applicantName}{' '}
                {telHref(o.applicantPhone) ? <a href={telHref(o.applicantPhone)}>{o.applicantPhone}</a> : '--'}
              </>
            ),
          },
          { label: '小区名称', value: o.commName, testId: 'comm-name' },
          { label: '详细地址', value: `${o.province}${o.city}${o.area}${o.address}` },
          { label: '预计设备', value: `${o.expectBoxCount} 台（${o.socketType}路）` },
          { label: '车位数', value: `${o.parkingSpaces} 个` },
          { label: '现场电源', value: o.hasPower === 1 ? '有' : '无' },
          { label: '备注', value: o.remark || '--' },
          { label: '申请时间', value: formatTime(o.applyTime) },
        ]}
      />
      {o.photos.length > 0 && (
        <div className={local.photos}>
          {o.photos.map((url, i) => (
            <button
              key={url}
              type="button"
              className={local.photo}
              aria-label={`查看安装位置照片${i + 1}`}
              onClick={() => store.previewPhoto(url)}
            >
              <img src={safeImageUrl(url)} alt={`安装位置照片${i + 1}`} loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function Review({ o }: { o: WorkOrderDetail }) {
  const approved = o.checkStatus === 1;
  return (
    <section className={styles.card} aria-label="审核信息">
      <h2>审核信息</h2>
      <Rows
        rows={[
          { label: '审核结果', value: approved ? '通过' : '驳回', testId: 'check-result' },
          { label: '审核意见', value: o.applyApprovedContent || '--' },
          { label: '审核人', value: o.approverName || '--' },
          { label: '审核时间', value: formatTime(o.approveTime) },
          ...(approved
            ? [
                {
                  label: '站点',
                  value: (
                    <>
                      {o.siteName ?? '--'}{' '}
                      {o.siteStatus && <Tag fill="outline">{SITE_STATUS_LABELS[o.siteStatus]}</Tag>}
                    </>
                  ),
                  testId: 'site-name',
                },
                { label: '施工人员', value: `${o.builderName ?? '--'} ${o.builderPhone ?? ''}`, testId: 'builder' },
              ]
            : []),
        ]}
      />
    </section>
  );
}

const Training = observer(function Training({ store }: { store: InstallDetailStore }) {
  const train = store.train.data;
  if (!train) return null;
  return (
    <section className={styles.card} aria-label="施工培训">
      <h2>施工培训</h2>
      <Rows
        rows={[
          { label: '培训', value: train.title },
          {
            label: '状态',
            value: train.confirmed === 1 ? `已确认 ${formatTime(train.confirmTime)}` : '未确认',
            testId: 'training-status',
          },
        ]}
      />
      {store.trainingOpened ? (
        <div className={local.training} data-testid="training-content">
          <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(train.content) }} />
          {train.videoUrl && safeUrl(train.videoUrl) && (
            <video
              className={local.video}
              src={safeUrl(train.videoUrl)}
              controls
              preload="none"
              aria-label="培训视频"
            />
          )}
        </div>
      ) : (
        <Button size="small" fill="outline" color="primary" onClick={() => store.openTraining()}>
          查看培训资料
        </Button>
      )}
    </section>
  );
});

function Achievement({ o }: { o: WorkOrderDetail }) {
  return (
    <section className={styles.card} aria-label="施工成果">
      <h2>施工成果</h2>
      {o.devices.length === 0 ? (
        <p className={styles.muted}>站点下暂无设备</p>
      ) : (
        <ul className={local.devices} data-testid="installed-devices">
          {o.devices.map((d) => (
            <li key={d.serialNumber}>
              <span>{d.serialNumber}</span>
              <span>{d.socketCount}路</span>
              <Tag fill="outline" color={DEVICE_STATUS[d.status]?.tone ?? 'default'}>
                {DEVICE_STATUS[d.status]?.label ?? '--'}
              </Tag>
            </li>
          ))}
        </ul>
      )}
      <Rows
        rows={[
          { label: '施工说明', value: o.achievementRemark || '--' },
          { label: '提交时间', value: formatTime(o.submitTime) },
          ...(o.acceptTime
            ? [
                { label: '验收意见', value: o.acceptContent || '--', testId: 'accept-content' },
                { label: '验收时间', value: formatTime(o.acceptTime) },
              ]
            : []),
        ]}
      />
    </section>
  );
}

const ReviewForm = observer(function ReviewForm({ store }: { store: InstallDetailStore }) {
  const navigate = useNavigate();
  const e = store.edit;
  const o = store.detail.data;
  if (!o) return null;
  const pick = (actions: { key: string; text: string }[], onPick: (key: string) => void) => {
    const handler = ActionSheet.show({
      actions,
      cancelText: '取消',
      onAction: (a) => {
        onPick(String(a.key));
        handler.close();
      },
    });
  };
  const submit = async () => {
    const refusal = store.reviewError;
    if (refusal) {
      toast(refusal);
      return;
    }
    if (!(await confirm('提示', store.reviewQuestion))) return;
    const approve = e.checkStatus !== 2;
    if (told(await store.submitReview(), approve ? '审核通过，已短信通知施工人员' : '已驳回')) {
      void navigate(href('workOrderOnline'), { replace: true });
    }
  };
  return (
    <section className={styles.card} aria-label="审核">
      <h2>审核</h2>
      <Field label="审核结果" required>
        <Radio.Group value={e.checkStatus} onChange={(v) => store.update({ checkStatus: Number(v) })}>
          <div className={styles.chips}>
            <Radio value={1}>通过</Radio>
            <Radio value={2}>驳回</Radio>
          </div>
        </Radio.Group>
      </Field>
      {e.checkStatus !== 2 && (
        <>
          <Field label="站点" required>
            <Radio.Group value={e.onlineSite ?? 1} onChange={(v) => store.setSiteMode(v === 2 ? 2 : 1)}>
              <div className={styles.chips}>
                <Radio value={1}>关联已有站点</Radio>
                <Radio value={2}>新建站点</Radio>
              </div>
            </Radio.Group>
          </Field>
          {e.onlineSite !== 2 ? (
            <button
              type="button"
              className={local.picker}
              data-testid="pick-site"
              onClick={() =>
                pick(
                  o.siteList.map((s) => ({ key: String(s.siteId), text: s.siteName })),
                  (k) => store.chooseSite(Number(k)),
                )
              }
            >
              {e.stationId ? e.siteName : '请选择站点'} ▾
            </button>
          ) : e.addstationId ? (
            <p data-testid="new-site">
              {e.siteName} <Tag fill="outline">{SITE_STATUS_LABELS[2]}</Tag>
            </p>
          ) : (
            <div className={local.inline}>
              <Input
                aria-label="新建站点名称"
                name="newSiteName"
                maxLength={30}
                value={store.newSiteName}
                onChange={(v) => store.setNewSiteName(v)}
              />
              <Button
                size="small"
                color="primary"
                loading={store.guard.busy('addSite')}
                disabled={store.guard.anyBusy}
                onClick={() => void store.createSite().then((r) => told(r, '站点已创建'))}
              >
                创建站点
              </Button>
            </div>
          )}
          <Field label="施工人员" required>
            <Radio.Group value={e.builderMode} onChange={(v) => store.setBuilderMode(v === 'new' ? 'new' : 'existing')}>
              <div className={styles.chips}>
                <Radio value="existing">选择已有</Radio>
                <Radio value="new">新建账号</Radio>
              </div>
            </Radio.Group>
          </Field>
          {e.builderMode === 'existing' ? (
            <button
              type="button"
              className={local.picker}
              data-testid="pick-builder"
              onClick={() =>
                pick(
                  (store.builders.data ?? []).map((b) => ({
                    key: String(b.builderId),
                    text: `${b.name} ${b.phone}（进行中工单 ${b.ongoingCount}）`,
                  })),
                  (k) => store.chooseBuilder(Number(k)),
                )
              }
            >
              {e.builderId ? `${e.builderName} ${e.builderPhone}` : '请选择施工人员'} ▾
            </button>
          ) : (
            <>
              <Field label="姓名" required htmlFor="builderName">
                <Input
                  id="builderName"
                  name="builderName"
                  maxLength={10}
                  value={e.builderName}
                  onChange={(v) => store.update({ builderName: v })}
                />
              </Field>
              <Field label="手机号" required htmlFor="builderPhone">
                <Input
                  id="builderPhone"
                  name="builderPhone"
                  type="tel"
                  maxLength={11}
                  value={e.builderPhone}
                  onChange={(v) => store.update({ builderPhone: v })}
                />
              </Field>
              <Field label="登录密码" required htmlFor="builderPassword">
                <Input
                  id="builderPassword"
                  name="builderPassword"
                  type="password"
                  maxLength={20}
                  value={e.builderPassword}
                  onChange={(v) => store.update({ builderPassword: v })}
                />
              </Field>
            </>
          )}
        </>
      )}
      <Field label="审核意见" required={e.checkStatus === 2} htmlFor="applyApprovedContent">
        <TextArea
          id="applyApprovedContent"
          name="applyApprovedContent"
          maxLength={200}
          rows={3}
          placeholder={e.checkStatus === 2 ? '请填写驳回原因' : '选填'}
          value={e.applyApprovedContent}
          onChange={(v) => store.update({ applyApprovedContent: v })}
        />
      </Field>
      <BottomBar>
        <Button
          block
          color="primary"
          loading={store.guard.busy('review')}
          disabled={store.guard.anyBusy}
          onClick={() => void submit()}
        >
          提交
        </Button>
      </BottomBar>
    </section>
  );
});

const BuilderActions = observer(function BuilderActions({ store }: { store: InstallDetailStore }) {
  const o = store.detail.data;
  const train = store.train.data;
  if (!o) return null;
  const submit = async () => {
    const refusal = store.submitError;
    if (refusal) {
      toast(refusal);
      return;
    }
    if (!(await confirm('提示', '确认已完成安装并提交验收？'))) return;
    told(await store.submitAchievement(), '已提交验收');
  };
  return (
    <section className={styles.card} aria-label="施工">
      <h2>施工</h2>
      {o.acceptContent && o.status === 6 && (
        <p className={styles.danger} data-testid="rectify">
          整改意见：{o.acceptContent}
        </p>
      )}
      {o.stationId && (
        <EntryLink to={href('facilityCode', { siteId: o.stationId })} className={local.link} unbuilt="hidden">
          去添加设备（已装 {o.installedBoxCount}/{o.expectBoxCount} 台）
        </EntryLink>
      )}
      <Field label="施工说明" htmlFor="achievementRemark">
        <TextArea
          id="achievementRemark"
          name="achievementRemark"
          maxLength={200}
          rows={2}
          placeholder="选填"
          value={store.achievementRemark}
          onChange={(v) => store.setAchievementRemark(v)}
        />
      </Field>
      <BottomBar>
        {train?.confirmed !== 1 && (
          <Button
            color="primary"
            fill="outline"
            loading={store.guard.busy('training')}
            disabled={!store.trainingOpened || store.guard.anyBusy}
            onClick={() => void store.confirmTraining().then((r) => told(r, '已确认培训'))}
          >
            确认已完成培训
          </Button>
        )}
        <Button
          color="primary"
          loading={store.guard.busy('submit')}
          disabled={store.guard.anyBusy}
          onClick={() => void submit()}
        >
          提交验收
        </Button>
      </BottomBar>
    </section>
  );
});

const AcceptAction = observer(function AcceptAction({ store }: { store: InstallDetailStore }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<1 | 2>(1);
  const [content, setContent] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const ok = async () => {
    if (store.guard.anyBusy) return;
    const done = await store.accept(result, content);
    if (done.ok) {
      setOpen(false);
      toast(result === 1 ? '验收通过，站点已上线' : '已驳回整改');
    } else if (done.message) setMessage(done.message);
  };
  return (
    <>
      <BottomBar>
        <Button block color="primary" disabled={store.guard.anyBusy} onClick={() => setOpen(true)}>
          验收
        </Button>
      </BottomBar>
      <Dialog
        visible={open}
        title="验收"
        aria-label="验收"
        closeOnAction={false}
        onClose={() => setOpen(false)}
        content={
          <div className={local.dialog}>
            <Radio.Group
              value={result}
              onChange={(v) => {
                setResult(v === 2 ? 2 : 1);
                setMessage(null);
              }}
            >
              <div className={styles.chips}>
                <Radio value={1}>验收通过</Radio>
                <Radio value={2}>驳回整改</Radio>
              </div>
            </Radio.Group>
            <TextArea
              id="acceptContent"
              name="acceptContent"
              aria-label="验收意见"
              maxLength={200}
              rows={3}
              placeholder={result === 2 ? '请填写整改意见' : '验收意见（选填）'}
              value={content}
              onChange={setContent}
            />
            {message && (
              <p className={styles.danger} role="alert">
                {message}
              </p>
            )}
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: '取消', onClick: () => setOpen(false) },
            { key: 'ok', text: '确定', bold: true, disabled: store.guard.anyBusy, onClick: () => void ok() },
          ],
        ]}
      />
    </>
  );
});

const InstallDetail = observer(function InstallDetail({ id }: { id: number }) {
  const store = useScreenStore(installDetailStore, id);
  useEffect(() => {
    void store.load();
  }, [store]);
  const o = store.detail.data;
  if (!o) {
    if (store.detail.failed) return <DetailFailed text="工单不存在或加载失败" onRetry={() => void store.load()} />;
    return <DetailLoading />;
  }
  return (
    <main className={styles.page}>
      <div className={local.banner} data-testid="work-order-banner">
        <WorkOrderStatusTag status={o.status} />
        <span>{bannerTime(o)}</span>
      </div>
      <Application store={store} o={o} />
      {o.status >= 2 && <Review o={o} />}
      {o.status >= 3 && <Training store={store} />}
      {o.status >= 4 && <Achievement o={o} />}
      {store.canReview && <ReviewForm store={store} />}
      {store.canBuild && <BuilderActions store={store} />}
      {store.canAccept && <AcceptAction store={store} />}
    </main>
  );
});

const InstallDetailPage = function InstallDetailPage() {
  const query = useRouteQuery('installDetail');
  useLeaveWhen(query === null, href('workOrder'), '缺少工单参数');
  return query ? <InstallDetail id={query.id} /> : null;
};

export default InstallDetailPage;
