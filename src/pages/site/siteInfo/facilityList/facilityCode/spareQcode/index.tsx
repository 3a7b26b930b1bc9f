import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { DetailRows, LoadingPage, QrImage, scannedSticker } from '@/sections/site/device-setup-parts';
import { useLeaveWhen, useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { confirm, toast } from '@/components/feedback';
import { formatTime } from '@/lib/time';
import { spareCodeStore } from '@/stores/screens/site/device-setup';
import { useScreenStore } from '@/stores/screen-store';
import setup from '@/sections/site/device-setup.module.css';

/**
 * /site/siteInfo/facilityList/facilityCode/spareQcode — 绑定备用二维码 (B-site.md §3, §0.4, rule D10): the box's serial
 * and remark, its spare code (code, bind time) drawn as a QR image, or 未绑定备用二维码; 扫码绑定 / 更换 scans a platform
 * sticker and binds it after a confirmation; 解除绑定 releases it after a confirmation. 完成 returns to where it came
 * from (the add-device screen after adding a box).
 */

const SparePage = observer(function SparePage({ boxId }: { boxId: number }) {
  const navigate = useNavigate();
  const store = useScreenStore(spareCodeStore, boxId);
  useEffect(() => {
    void store.load();
  }, [store]);
  useLeaveWhen(store.box.failed && !store.box.data, href('site'));
  const box = store.box.data;
  const bind = async () => {
    const code = await scannedSticker(() => store.scanSticker());
    if (code === null) return;
    if (!(await confirm(box?.backUpQrCode ? '更换备用码' : '绑定备用码', store.bindConfirmText(code)))) return;
    if (await store.bind(code)) toast('绑定成功');
  };
  const unbind = async () => {
    if (!(await confirm('解除绑定', '解绑后该备用码扫码将无法充电，确定解绑？', '解绑'))) return;
    if (await store.unbind()) toast('已解绑');
  };
  if (!box) return <LoadingPage />;
  return (
    <main className={setup.page}>
      <section className={setup.card}>
        <DetailRows
          rows={[
            { label: '设备号', value: box.serialNumber, testId: 'spare-serial' },
            { label: '备注', value: box.remark || '--' },
          ]}
        />
      </section>
      <section className={setup.card} data-testid="spare-code">
        <h2>备用二维码</h2>
        {box.backUpQrCode ? (
          <>
            {store.spareUrl && <QrImage text={store.spareUrl} size={180} label={`备用码 ${box.backUpQrCode}`} />}
            <DetailRows
              rows={[
                { label: '备用码', value: box.backUpQrCode, testId: 'spare-code-value' },
                { label: '绑定时间', value: formatTime(box.backUpBindTime) },
              ]}
            />
          </>
        ) : (
          <p className={setup.empty}>未绑定备用二维码</p>
        )}
      </section>
      <section className={setup.card}>
        <h2>如何使用</h2>
        <p className={setup.hint} style={{ color: 'var(--text-secondary)' }}>
          将平台提供的备用二维码贴纸贴在设备正面醒目、不易磨损的位置（如箱门右上角）。设备自带二维码损坏、褪色或难以扫到时，
          用户扫描备用码即可打开同一个充电页面。
        </p>
      </section>
      <div className={setup.footer}>
        {box.backUpQrCode && (
          <Button color="danger" fill="outline" disabled={store.busy} onClick={() => void unbind()}>
            解除绑定
          </Button>
        )}
        <Button color="primary" loading={store.busy} disabled={store.busy} onClick={() => void bind()}>
          {box.backUpQrCode ? '更换' : '扫码绑定'}
        </Button>
      </div>
      <div className={setup.footer}>
        <Button fill="none" onClick={() => void navigate(-1)}>
          完成
        </Button>
      </div>
    </main>
  );
});

/** The route: ?siteId=&boxId=; a missing boxId goes back. */
export default function SpareQcode() {
  const query = useRouteQuery('spareQcode');
  useLeaveWhen(query === null, href('site'), '缺少设备参数');
  return query && <SparePage boxId={query.boxId} />;
}
