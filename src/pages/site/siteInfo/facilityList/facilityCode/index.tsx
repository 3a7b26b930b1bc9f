import { Input, Skeleton, SpinLoading, Tag } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { useLeaveWhen } from '@/components/route-query';
import { href } from '@/config/routes';
import { DetailRows } from '@/sections/site/device-setup-parts';
import { useSiteQuery } from '@/sections/site/settings-ui';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { DEVICE_STATUS } from '@/lib/device-status';
import { formatTime } from '@/lib/time';
import { scanAddStore, type ScanAddStore, type ScanCard } from '@/stores/screens/site/device-setup';
import { useScreenStore } from '@/stores/screen-store';
import setup from '@/sections/site/device-setup.module.css';
import styles from './facility-code.module.css';

/**
 * /site/siteInfo/facilityList/facilityCode — 扫码添加设备 (B-site.md §3, §0.4): binds charging boxes, door guards, gates,
 * cameras and smoke sensors to the site by scanning their labels (the Platform's scanner) or typing the code. On
 * enter the add permission is checked (a refusal fills the page with its reason); a recognised code shows the
 * confirmation card (type, model, sockets, status, current binding, remark, the camera's verify code) with 确认添加
 * or 迁移到本站点 (confirmed); added devices are listed for this visit, charging boxes with 绑定备用码.
 */

const Card = observer(function Card({ store, card }: { store: ScanAddStore; card: ScanCard }) {
  const { type, info } = card;
  const action = store.action;
  const submit = async () => {
    const moveText = store.moveConfirmText;
    if (moveText && !(await confirm('迁移设备', moveText, '确定迁移'))) return;
    const outcome = await store.confirm();
    if (!outcome) return;
    if ('error' in outcome) {
      toast(outcome.error);
      return;
    }
    toast('添加成功');
    navigator.vibrate?.(80);
  };
  return (
    <section className={setup.card} data-testid="scan-card">
      <h2>设备信息</h2>
      <DetailRows
        rows={[
          { label: '设备号', value: type.serialNumber, testId: 'scan-card-serial' },
          { label: '类型', value: type.deviceTypeName },
          { label: '型号', value: type.model },
          { label: '插座数', value: type.socketCount, hidden: type.socketCount === 0 },
          { label: '在线状态', value: DEVICE_STATUS[info.status]?.label ?? '--' },
          {
            label: '当前绑定',
            value: info.bindStatus === 0 ? '未绑定' : `已绑定：${info.siteName}`,
            testId: 'scan-card-binding',
          },
        ]}
      />
      <div className={setup.field}>
        <label htmlFor="scan-remark">备注</label>
        <Input
          id="scan-remark"
          name="remark"
          placeholder="如：3号车棚左（选填，最多20字）"
          maxLength={20}
          value={store.remark}
          onChange={(v) => store.setRemark(v)}
        />
      </div>
      {type.needVerifyCode && (
        <div className={setup.field}>
          <label htmlFor="scan-verify">设备验证码</label>
          <Input
            id="scan-verify"
            name="verifyCode"
            placeholder="设备标签上的6-8位验证码"
            maxLength={8}
            value={store.verifyCode}
            onChange={(v) => store.setVerifyCode(v)}
          />
        </div>
      )}
      <div className={styles.actions}>
        <Button onClick={() => store.clearCard()}>取消</Button>
        <Button
          color="primary"
          loading={store.submitting}
          disabled={action === null || store.submitting}
          onClick={() => void submit()}
        >
          {action === 'move' ? '迁移到本站点' : '确认添加'}
        </Button>
      </div>
    </section>
  );
});

const Added = observer(function Added({ store }: { store: ScanAddStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  if (store.added.length === 0) return null;
  return (
    <section className={`${setup.card} ${styles.added}`} data-testid="scan-added">
      <h2>本次已添加（{store.added.length}）</h2>
      <ul>
        {store.added.map((d) => {
          const spare = href('spareQcode', { siteId: store.siteId, boxId: d.id });
          return (
            <li key={d.id}>
              <span>
                {d.serialNumber}
                <small>
                  {d.typeName}
                  {d.remark ? ` · ${d.remark}` : ''} · {formatTime(d.time, 'HH:mm:ss')}
                </small>
              </span>
              {d.deviceType <= 3 && isBuilt(spare) && (
                <button type="button" className={setup.link} onClick={() => void navigate(spare)}>
                  绑定备用码
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
});

/** The add-device screen of one site (a store per visit: the added list lives in page memory only). */
const FacilityCodePage = observer(function FacilityCodePage({ siteId }: { siteId: number }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const store = useScreenStore(scanAddStore, siteId);
  useEffect(() => {
    void store.init();
  }, [store]);
  useLeaveWhen(store.site.failed, href('site'));
  const lastAdded = store.added[0];
  const [prompted, setPrompted] = useState<number | null>(null);
  useEffect(() => {
    // After a charging box is added: offer its spare code (B §3).
    if (!lastAdded || lastAdded.deviceType > 3 || prompted === lastAdded.id) return;
    setPrompted(lastAdded.id);
    const spare = href('spareQcode', { siteId, boxId: lastAdded.id });
    if (!isBuilt(spare)) return;
    void confirm('添加成功', '是否为该设备绑定备用二维码？', '去绑定', '跳过').then((go) => go && void navigate(spare));
  }, [lastAdded, prompted, siteId, isBuilt, navigate]);

  const report = (outcome: { error: string } | null) => {
    if (outcome) toast(outcome.error);
  };
  const permission = store.permission;
  if (permission.pending || store.site.pending) {
    return (
      <main className={setup.page} aria-busy="true">
        <div className={setup.notice}>
          <SpinLoading color="primary" />
          <p>正在检查添加权限…</p>
        </div>
      </main>
    );
  }
  if (permission.failed || (permission.data && !permission.data.allowed)) {
    return (
      <main className={setup.page}>
        <div className={`${setup.card} ${setup.notice}`} data-testid="scan-refused">
          <p>{permission.data?.reason || '暂时无法检查添加权限，请稍后重试'}</p>
          <Button color="primary" onClick={() => void navigate(-1)}>
            返回
          </Button>
        </div>
      </main>
    );
  }
  return (
    <main className={setup.page}>
      <div className={setup.banner} data-testid="scan-site">
        {store.site.data?.name ?? <Skeleton.Title animated />}
        <small>扫描设备标签上的二维码或条形码，将设备添加到本站点</small>
      </div>
      <section className={setup.card}>
        <button
          type="button"
          className={styles.scanButton}
          data-testid="scan-button"
          disabled={store.lookingUp}
          onClick={() => void store.scan().then(report)}
        >
          <ScanningOutline />
          扫一扫
        </button>
        <div className={styles.manual} data-testid="scan-manual">
          <Input
            name="serialNumber"
            placeholder="输入设备号"
            maxLength={64}
            value={store.manualCode}
            onChange={(v) => store.setManualCode(v)}
            onEnterPress={() => void store.submitManual().then(report)}
          />
          <Button
            color="primary"
            size="small"
            disabled={store.lookingUp || store.manualCode.trim() === ''}
            onClick={() => void store.submitManual().then(report)}
          >
            确定
          </Button>
        </div>
        {store.scanHint && (
          <p className={setup.hint} data-testid="scan-hint">
            {store.scanHint}
          </p>
        )}
      </section>
      {store.lookingUp && (
        <section className={`${setup.card} ${setup.empty}`} aria-busy="true">
          <SpinLoading color="primary" style={{ margin: '0 auto' }} />
          <p>正在识别设备…</p>
        </section>
      )}
      {store.card && <Card store={store} card={store.card} />}
      {!store.card && !store.lookingUp && store.added.length > 0 && (
        <p className={setup.empty}>
          <Tag color="success" fill="outline">
            继续扫码
          </Tag>{' '}
          可继续添加下一台设备
        </p>
      )}
      <Added store={store} />
    </main>
  );
});

/** The route: a missing siteId goes back to /site. */
export default function FacilityCode() {
  const query = useSiteQuery('facilityCode');
  return query && <FacilityCodePage siteId={query.siteId} />;
}
