import { Input, Popup, SpinLoading, Tag, TextArea } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { Button } from '@/components/button';
import { TRANSFER_STATUS_NAMES, type TransferRow } from '@/api/factorial';
import type { TransferStatus } from '@/api/factorial-rules';
import { confirm, toast } from '@/components/feedback';
import { formatTime } from '@/lib/time';
import type { FactorialStore, TransferDetailStore, TransferSheetStore } from '@/stores/screens/mine/factorial';
import { Field } from './card-parts';
import styles from './factorial.module.css';
import riders from './riders.module.css';

/**
 * Pieces the agent screens share (C-mine.md /mine/factorialList, /mine/factorialList/info; Business rule 19): the
 * transfer status tag (in words), a transfer row with its answers (接收 / 拒绝 for a pending incoming one, 撤回 for a
 * pending outgoing one, each confirmed), the 设备划拨 sheet and a transfer's detail sheet.
 */

const STATUS_COLORS: Record<TransferStatus, string> = { 1: 'warning', 2: 'success', 3: 'danger', 4: 'default' };

export function TransferStatusTag({ status }: { status: TransferStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} fill="outline" data-testid="transfer-status">
      {TRANSFER_STATUS_NAMES[status]}
    </Tag>
  );
}

const QUESTIONS = {
  1: '接收后设备归属您，确定接收？',
  2: '确定拒绝本次划拨？',
  3: '确定撤回本次划拨？',
} as const;

/** One transfer: number, direction, counterpart, devices, status, time; tap → detail; answers when pending. */
export const TransferItem = observer(function TransferItem({
  t,
  list,
  details,
}: {
  t: TransferRow;
  list: FactorialStore;
  details: TransferDetailStore;
}) {
  const answer = async (action: 1 | 2 | 3) => {
    if (!(await confirm('设备划拨', QUESTIONS[action]))) return;
    const text = await list.operate(t.transferId, action);
    if (text) toast(text);
  };
  const busy = list.guard.busy(`operate-${t.transferId}`);
  return (
    <div className={riders.item} data-testid={`transfer-${t.transferId}`}>
      <button type="button" className={styles.rowButton} onClick={() => details.show(t.transferId)}>
        <div className={riders.itemHead}>
          <b>{t.transferNo}</b>
          <TransferStatusTag status={t.status} />
        </div>
        <div className={riders.itemLine}>
          <span>
            <Tag fill="outline">{t.direction === 1 ? '转出' : '转入'}</Tag> {t.counterpartName}
          </span>
          <span>设备 {t.deviceCount} 台</span>
        </div>
        <div className={riders.itemLine}>
          <span>{formatTime(t.createTime)}</span>
        </div>
      </button>
      {t.status === 1 && (
        <div className={styles.answers}>
          {t.direction === 2 ? (
            <>
              <Button size="small" disabled={busy} onClick={() => void answer(2)}>
                拒绝
              </Button>
              <Button size="small" color="primary" disabled={busy} onClick={() => void answer(1)}>
                接收
              </Button>
            </>
          ) : (
            <Button size="small" disabled={busy} onClick={() => void answer(3)}>
              撤回
            </Button>
          )}
        </div>
      )}
    </div>
  );
});

/** The detail sheet of a transfer: its devices, times and remark. */
export const TransferDetailSheet = observer(function TransferDetailSheet({ store }: { store: TransferDetailStore }) {
  const detail = store.detail;
  const data = detail?.data;
  return (
    <Popup visible={store.transferId !== null} onMaskClick={() => store.show(null)} onClose={() => store.show(null)}>
      <div className={styles.sheet} role="dialog" aria-label="划拨详情" data-testid="transfer-detail">
        <h3>划拨详情</h3>
        {!data ? (
          detail?.failed ? (
            <Button size="small" onClick={() => void detail.load()}>
              重新加载
            </Button>
          ) : (
            <SpinLoading color="primary" />
          )
        ) : (
          <>
            <p className={riders.muted}>
              {data.transferNo} · {data.fromName} → {data.toName} · <TransferStatusTag status={data.status} />
            </p>
            <p className={riders.muted}>
              提交 {formatTime(data.createTime)}
              {data.finishTime ? ` · 完成 ${formatTime(data.finishTime)}` : ''}
            </p>
            {data.remark && <p>备注：{data.remark}</p>}
            <ul className={styles.devices}>
              {data.devices.map((d) => (
                <li key={d.serialNumber}>
                  {d.serialNumber} · {d.model} · {d.socketCount}路
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Popup>
  );
});

/** The 设备划拨 sheet: receiver, devices (typed or scanned, each checked), 备注, 提交 (confirmed). */
export const TransferSheet = observer(function TransferSheet({
  store,
  preset,
}: {
  store: TransferSheetStore;
  preset: boolean;
}) {
  const tell = (refusal: { error: string } | null) => {
    if (refusal) toast(refusal.error);
  };
  const submit = async () => {
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    if (!(await confirm('设备划拨', store.question))) return;
    if (await store.submit()) toast('划拨已提交，待对方接收');
  };
  return (
    <Popup visible={store.open} onMaskClick={() => store.show(false)} onClose={() => store.show(false)}>
      <div className={styles.sheet} role="dialog" aria-label="设备划拨" data-testid="transfer-sheet">
        <h3>设备划拨</h3>
        <Field label="接收方手机号" htmlFor="transfer-phone">
          <div className={styles.inline}>
            <Input
              id="transfer-phone"
              name="receiverPhone"
              type="tel"
              maxLength={11}
              value={store.phone}
              readOnly={preset}
              onChange={(v) => store.setPhone(v)}
            />
            {!preset && (
              <Button size="small" disabled={store.guard.busy('find')} onClick={() => void store.lookUp().then(tell)}>
                查询
              </Button>
            )}
          </div>
        </Field>
        <p className={riders.muted} data-testid="transfer-receiver">
          {store.receiver ? `接收方：${store.receiver.name}` : '请先查询接收方'}
        </p>
        <Field label="添加设备" htmlFor="transfer-serial">
          <div className={styles.inline}>
            <Input
              id="transfer-serial"
              name="serial"
              maxLength={20}
              value={store.serial}
              onChange={(v) => store.setSerial(v)}
              onEnterPress={() => void store.add(store.serial).then(tell)}
            />
            <Button size="small" onClick={() => void store.add(store.serial).then(tell)}>
              添加
            </Button>
            <Button size="small" aria-label="扫码添加设备" onClick={() => void store.scan().then(tell)}>
              <ScanningOutline />
            </Button>
          </div>
        </Field>
        <ul className={styles.devices} data-testid="transfer-rows">
          {store.rows.map((r) => (
            <li key={r.serialNumber} className={styles.deviceRow}>
              <span>
                {r.serialNumber}
                {r.check?.ok && ` · ${r.check.model} · ${r.check.socketCount}路`}
              </span>
              {r.check === null ? (
                <SpinLoading style={{ '--size': '16px' }} />
              ) : (
                !r.check.ok && <span className={riders.danger}>{r.check.reason}</span>
              )}
              <Button
                size="mini"
                fill="none"
                aria-label={`移除${r.serialNumber}`}
                onClick={() => store.remove(r.serialNumber)}
              >
                移除
              </Button>
            </li>
          ))}
        </ul>
        <Field label="备注" htmlFor="transfer-remark">
          <TextArea
            id="transfer-remark"
            name="transferRemark"
            maxLength={50}
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={store.remark}
            onChange={(v) => store.setRemark(v)}
          />
        </Field>
        <Button
          block
          color="primary"
          disabled={store.guard.busy('submit')}
          loading={store.guard.busy('submit')}
          onClick={() => void submit()}
          data-testid="transfer-submit"
        >
          提交（{store.rows.length} 台）
        </Button>
      </div>
    </Popup>
  );
});
