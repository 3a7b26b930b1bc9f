import { Radio, Skeleton, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { useLeaveWhen, useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { DetailRows, LoadingPage } from '@/sections/site/device-setup-parts';
import { confirm, toast } from '@/components/feedback';
import { DEVICE_STATUS, SIGNAL_MODE_TAGS, signalStrength } from '@/lib/device-status';
import { SIGNAL_MODES, signalModeStore } from '@/stores/screens/site/device-setup';
import setup from '@/sections/site/device-setup.module.css';
import styles from './signal-setting.module.css';

/**
 * /site/siteInfo/facilityList/signalSetting — 信号模式设置 (B-site.md §3, rule D9): the box card (serial, remark, status,
 * signal bars with the CSQ value, current mode, its master or its number of slaves), the three modes (mesh disabled for
 * models without mesh), the site's online masters when 组网从机 is chosen, the restart note and 保存 (validated, then
 * confirmed) which sends the command and returns to the device list.
 */

const SignalPage = observer(function SignalPage({ siteId, boxId }: { siteId: number; boxId: number }) {
  const navigate = useNavigate();
  const store = useScreenStore(signalModeStore, siteId, boxId);
  useEffect(() => {
    void store.init();
  }, [store]);
  useLeaveWhen(store.box.failed && !store.box.data, href('site'));
  const box = store.box.data;
  if (!box) return <LoadingPage />;
  const strength = signalStrength(box.signal);
  const save = async () => {
    const problem = store.validate();
    if (problem) {
      toast(problem);
      return;
    }
    if (!(await confirm('切换信号模式', store.confirmText))) return;
    if (await store.save()) {
      toast('设置指令已下发');
      void navigate(-1);
    }
  };
  const masters = store.masterChoices;
  return (
    <main className={setup.page}>
      <section className={setup.card} data-testid="signal-box">
        <DetailRows
          rows={[
            { label: '设备号', value: box.serialNumber },
            { label: '备注', value: box.remark || '--' },
            { label: '状态', value: DEVICE_STATUS[box.status]?.label ?? '--' },
            {
              label: '信号',
              value: `${'▮'.repeat(strength.bars)}${'▯'.repeat(3 - strength.bars)} ${strength.label}（CSQ ${box.signal}）`,
            },
            {
              label: '当前模式',
              value: (
                <Tag color="primary" fill="outline">
                  {SIGNAL_MODE_TAGS[box.signalMode] ?? '--'}
                </Tag>
              ),
              testId: 'signal-current',
            },
            { label: '主机', value: box.masterSerialNumber ?? '--', hidden: box.signalMode !== 3 },
            { label: '从机数量', value: `${box.slaveCount}台`, hidden: box.signalMode !== 2 },
          ]}
        />
      </section>
      <section className={setup.card}>
        <h2>信号模式</h2>
        <Radio.Group value={store.mode ?? undefined} onChange={(v) => store.setMode(v as 1 | 2 | 3)}>
          {SIGNAL_MODES.map((m) => {
            const disabled = store.modeDisabledReason(m.mode);
            return (
              <div key={m.mode} className={styles.option}>
                <Radio value={m.mode} disabled={disabled !== null}>
                  <b>{m.label}</b>
                  <small>{disabled ?? m.description}</small>
                </Radio>
              </div>
            );
          })}
        </Radio.Group>
      </section>
      {store.mode === 3 && (
        <section className={setup.card} data-testid="signal-masters">
          <h2>选择主机</h2>
          {store.masters.pending ? (
            <Skeleton.Paragraph lineCount={2} animated />
          ) : masters.length === 0 ? (
            <p className={setup.empty}>本站点暂无在线主机，请先将一台信号良好的设备设为主机</p>
          ) : (
            <Radio.Group value={store.masterId ?? undefined} onChange={(v) => store.setMaster(Number(v))}>
              {masters.map((m) => {
                const full = store.masterDisabledReason(m);
                return (
                  <div key={m.id} className={styles.option}>
                    <Radio value={m.id} disabled={full !== null}>
                      {m.serialNumber} {m.remark && `（${m.remark}）`}
                      <small>
                        信号 {signalStrength(m.signal).label}（CSQ {m.signal}） · 已带{m.slaveCount}台
                        {full ? ` · ${full}` : ''}
                      </small>
                    </Radio>
                  </div>
                );
              })}
            </Radio.Group>
          )}
        </section>
      )}
      <p className={setup.hint}>切换后设备将重启，约1分钟内恢复在线</p>
      <div className={setup.footer}>
        <Button color="primary" loading={store.saving} disabled={store.saving} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </main>
  );
});

/** The route: ?siteId=&boxId=. */
export default function SignalSetting() {
  const query = useRouteQuery('signalSetting');
  useLeaveWhen(query === null, href('site'), '缺少设备参数');
  return query && <SignalPage siteId={query.siteId} boxId={query.boxId} />;
}
