import { Popup, Skeleton, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { DetailRows, QrImage, SocketStatusTag, scannedSticker } from '@/sections/site/device-setup-parts';
import { useLeaveWhen, useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { confirm, toast } from '@/components/feedback';
import { EntryLink } from '@/components/route-availability';
import type { ChargerQr } from '@/api/device-setup';
import { SOCKET_STATUS } from '@/lib/device-status';
import { socketQrStore, type SocketQrStore } from '@/stores/screens/site/device-setup';
import { useScreenStore } from '@/stores/screen-store';
import setup from '@/sections/site/device-setup.module.css';
import styles from './qrcode.module.css';

/**
 * /site/socket/qrcode — 充电插座 (B-site.md §3, rule D10): a box's sockets with the QR code riders scan on each (drawn
 * client-side from qrCode; caption "{serial}-{socketNo}"; tag 自定义码 when a sticker is bound; status tag leading to the
 * socket detail). A tap previews the code large (long-press saves it in the in-app browser). Per socket: 更换二维码
 * (scan a sticker, confirm) and 恢复默认 (confirm). 批量绑定插座码 walks the sockets in order (skip / stop; a sticker used
 * twice in the batch is refused), shows a summary, submits, and reports 成功x个，失败y个 with each reason.
 */

const Cell = observer(function Cell({
  store,
  charger,
  serial,
  onPreview,
}: {
  store: SocketQrStore;
  charger: ChargerQr;
  serial: string;
  onPreview: (c: ChargerQr) => void;
}) {
  const detail = href('socketInfo', { chargerId: charger.chargerId });
  const replace = async () => {
    const code = await scannedSticker(() => store.scanSticker());
    if (code === null) return;
    if (!(await confirm('更换二维码', `将该二维码绑定到${charger.socketNo}号插座？`))) return;
    if (await store.setCode(charger.chargerId, code)) toast('绑定成功');
  };
  const restore = async () => {
    if (!(await confirm('恢复默认', `${charger.socketNo}号插座将恢复使用默认二维码，已绑定的贴纸将失效，确定？`)))
      return;
    if (await store.setCode(charger.chargerId, '')) toast('已恢复默认二维码');
  };
  return (
    <div className={styles.cell} data-testid={`socket-${charger.socketNo}`}>
      <div className={setup.cellHead}>
        <b>{charger.socketNo}号</b>
        {charger.customQrCode && <Tag color="primary">自定义码</Tag>}
        <EntryLink to={detail} label={`${SOCKET_STATUS[charger.status]?.label ?? '--'}，查看插座详情`}>
          <SocketStatusTag status={charger.status} />
        </EntryLink>
      </div>
      <button type="button" className={setup.link} onClick={() => onPreview(charger)} aria-label="查看大图">
        <QrImage text={charger.qrCode} label={`${serial}-${charger.socketNo}`} className={styles.cellQr} />
      </button>
      <div className={styles.caption}>
        {serial}-{charger.socketNo}
      </div>
      <div className={styles.actions}>
        <button type="button" className={setup.link} disabled={store.busy} onClick={() => void replace()}>
          更换二维码
        </button>
        {charger.customQrCode && (
          <button type="button" className={setup.link} disabled={store.busy} onClick={() => void restore()}>
            恢复默认
          </button>
        )}
      </div>
    </div>
  );
});

/** The guided batch loop and its summary, in a bottom sheet. */
const BatchSheet = observer(function BatchSheet({ store }: { store: SocketQrStore }) {
  const batch = store.batch;
  const socket = store.batchSocket;
  const scan = async () => {
    const code = await scannedSticker(() => store.scanSticker());
    const refusal = code === null ? null : store.batchScanned(code);
    if (refusal) toast(refusal.error);
  };
  const submit = async () => {
    const result = await store.submitBatch();
    if (result && 'error' in result) toast(result.error);
  };
  return (
    <Popup visible={batch !== null} onMaskClick={() => store.cancelBatch()} bodyClassName={setup.sheet}>
      {batch && (
        <div data-testid="batch-sheet">
          {socket ? (
            <>
              <h3>请扫描第{socket.socketNo}号插座的贴纸</h3>
              <p className={setup.hint} style={{ color: 'var(--text-secondary)' }}>
                已扫描 {store.batchItems.length} 个，剩余 {(store.box.data?.chargers.length ?? 0) - batch.index} 个
              </p>
              <div className={setup.footer}>
                <Button onClick={() => store.batchSkip()}>跳过</Button>
                <Button color="primary" onClick={() => void scan()}>
                  扫码
                </Button>
              </div>
              <div className={setup.footer}>
                <Button fill="none" onClick={() => store.batchStop()}>
                  结束扫码
                </Button>
              </div>
            </>
          ) : (
            <>
              <h3>确认绑定</h3>
              <ul>
                {batch.entries.map((e) => (
                  <li key={e.chargerId}>
                    <span>{e.socketNo}号插座</span>
                    <span>{e.code ?? '已跳过'}</span>
                  </li>
                ))}
              </ul>
              <div className={setup.footer}>
                <Button onClick={() => store.cancelBatch()}>取消</Button>
                <Button color="primary" loading={store.busy} disabled={store.busy} onClick={() => void submit()}>
                  提交
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </Popup>
  );
});

const ResultSheet = observer(function ResultSheet({ store }: { store: SocketQrStore }) {
  const result = store.batchResult;
  return (
    <Popup visible={result !== null} onMaskClick={() => store.closeResult()} bodyClassName={setup.sheet}>
      {result && (
        <div data-testid="batch-result">
          <h3>
            成功{result.successCount}个，失败{result.failList.length}个
          </h3>
          <ul>
            {result.failList.map((f) => (
              <li key={f.chargerId}>
                <span>{f.socketNo}号插座</span>
                <span>{f.reason}</span>
              </li>
            ))}
          </ul>
          <div className={setup.footer}>
            <Button color="primary" onClick={() => store.closeResult()}>
              知道了
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
});

const QrcodePage = observer(function QrcodePage({ boxId, boxCode }: { boxId?: number; boxCode?: string }) {
  const store = useScreenStore(socketQrStore, { boxId, boxCode });
  const [preview, setPreview] = useState<ChargerQr | null>(null);
  useEffect(() => {
    void store.box.load();
  }, [store]);
  useLeaveWhen(store.box.failed && !store.box.data, href('site'));
  const box = store.box.data;
  if (!box) {
    return (
      <main className={setup.page} aria-busy="true">
        <section className={setup.card}>
          <Skeleton.Title animated />
        </section>
        <div className={styles.socketGrid}>
          {[1, 2, 3, 4].map((i) => (
            <div key={i} className={styles.cell}>
              <Skeleton.Paragraph lineCount={5} animated />
            </div>
          ))}
        </div>
      </main>
    );
  }
  return (
    <main className={setup.page}>
      <section className={setup.card} data-testid="qrcode-box">
        <DetailRows
          rows={[
            { label: '设备号', value: box.serialNumber },
            { label: '备注', value: box.remark || '--' },
            { label: '站点', value: box.siteName || '未绑定站点' },
            { label: '备用码', value: box.backUpQrCode, hidden: !box.backUpQrCode },
          ]}
        />
      </section>
      <div className={styles.socketGrid} data-testid="qrcode-grid">
        {box.chargers.map((c) => (
          <Cell key={c.chargerId} store={store} charger={c} serial={box.serialNumber} onPreview={setPreview} />
        ))}
      </div>
      <div className={setup.footer}>
        <Button color="primary" disabled={store.busy} onClick={() => store.startBatch()}>
          批量绑定插座码
        </Button>
        <Button onClick={() => toast('点开二维码大图后长按，选择“保存图片”即可保存到相册')}>保存全部</Button>
      </div>
      <Popup visible={preview !== null} onMaskClick={() => setPreview(null)} bodyClassName={setup.sheet}>
        {preview && (
          <div style={{ textAlign: 'center' }} data-testid="qr-preview">
            <h3>
              {box.serialNumber}-{preview.socketNo}
            </h3>
            <QrImage text={preview.qrCode} size={260} label={`${box.serialNumber}-${preview.socketNo}`} />
            <p className={setup.hint} style={{ color: 'var(--text-secondary)' }}>
              长按二维码可保存或识别
            </p>
          </div>
        )}
      </Popup>
      <BatchSheet store={store} />
      <ResultSheet store={store} />
    </main>
  );
});

/** The route: ?boxId= or ?boxCode= (the box's serial number). */
export default function SocketQrcode() {
  const query = useRouteQuery('socketQrcode');
  const boxId = query?.boxId;
  const boxCode = query?.boxCode?.trim() || undefined;
  const missing = boxId === undefined && !boxCode;
  useLeaveWhen(missing, href('site'), '缺少设备参数');
  if (missing) return null;
  return <QrcodePage boxId={boxId} boxCode={boxCode} />;
}
