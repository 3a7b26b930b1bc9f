import { CalendarPicker, DatePicker, Input, Picker, Radio } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { EXPORT_SPAN_DAYS, type DocType } from '@/api/export-rules';
import type { DocRecord } from '@/api/exports';
import { getSiteNameList } from '@/api/site';
import { getMerchantList } from '@/api/statements';
import { DocRecordRow, ResendSheet } from '@/components/doc-records';
import { toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { exportFileStore, type ExportFileStore } from '@/stores/screens/income/export-file';
import styles from './export-file.module.css';

/**
 * /income/exportFile — 导出 (D-income.md §4): 报表类型 (the types whose lists exist), 时间 (a date range within the
 * type's span, no future day; a month for 月度对账单 and 站点账单), 站点 for site bills and charging orders, 接收邮箱 with
 * the note, 发送到邮箱 (validated, exactly once, busy from the first tap), and 最近导出 (5 rows) with 重新发送 and 查看全部
 * → the download centre.
 */

const dateText = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const SitePicker = observer(function SitePicker({ store }: { store: ExportFileStore }) {
  const [sites, setSites] = useState<{ id: number; name: string }[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    getSiteNameList()
      .then(setSites)
      .catch(() => undefined);
  }, []);
  const chosen = sites.find((s) => s.id === store.siteId);
  return (
    <>
      <button type="button" className={styles.value} onClick={() => setOpen(true)} data-testid="export-site">
        {chosen?.name ?? '全部站点'}
      </button>
      <Picker
        visible={open}
        columns={[[{ label: '全部站点', value: 0 }, ...sites.map((s) => ({ label: s.name, value: s.id }))]]}
        value={[store.siteId ?? 0]}
        onClose={() => setOpen(false)}
        onConfirm={(v) => store.setSite(typeof v[0] === 'number' && v[0] > 0 ? v[0] : null)}
      />
    </>
  );
});

/** 物业 of a 月度对账单 (optional): 我的账单, or one of the account's properties (none for a property account). */
const MerchantPicker = observer(function MerchantPicker({ store }: { store: ExportFileStore }) {
  const [merchants, setMerchants] = useState<{ merchantId: number; name: string }[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    getMerchantList()
      .then((answer) => setMerchants(answer.list))
      .catch(() => undefined);
  }, []);
  if (merchants.length === 0) return null;
  const chosen = merchants.find((m) => m.merchantId === store.merchantId);
  return (
    <div className={styles.row}>
      <span className={styles.label}>物业</span>
      <button type="button" className={styles.value} onClick={() => setOpen(true)} data-testid="export-merchant">
        {chosen?.name ?? '我的账单'}
      </button>
      <Picker
        visible={open}
        columns={[[{ label: '我的账单', value: 0 }, ...merchants.map((m) => ({ label: m.name, value: m.merchantId }))]]}
        value={[store.merchantId ?? 0]}
        onClose={() => setOpen(false)}
        onConfirm={(v) => store.setMerchant(typeof v[0] === 'number' && v[0] > 0 ? v[0] : null)}
      />
    </div>
  );
});

const Form = observer(function Form({ store }: { store: ExportFileStore }) {
  const [picking, setPicking] = useState(false);
  const [pickingMonth, setPickingMonth] = useState(false);
  const [resending, setResending] = useState<DocRecord | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const submit = async () => {
    const outcome = await store.submit();
    if (outcome) toast(outcome.text);
  };
  const resend = async (email: string) => {
    if (!resending) return;
    const outcome = await store.resendTo(resending.id, email);
    if (!outcome) return;
    toast(outcome.text);
    if (outcome.ok) setResending(null);
  };
  const span = store.type ? EXPORT_SPAN_DAYS[store.type] : undefined;
  const recent = store.recent.data;
  return (
    <main className={styles.page} data-testid="export-file">
      <section className={styles.block}>
        <h2 className={styles.title}>报表类型</h2>
        <Radio.Group value={store.type ?? undefined} onChange={(v) => store.setType(v as DocType)}>
          {store.types.map((t) => (
            <Radio key={t.type} value={t.type} className={styles.radio} data-testid={`export-type-${t.type}`}>
              {t.label}
            </Radio>
          ))}
        </Radio.Group>
      </section>
      <section className={styles.block}>
        <div className={styles.row}>
          <span className={styles.label}>时间</span>
          {store.byMonth ? (
            <button
              type="button"
              className={styles.value}
              onClick={() => setPickingMonth(true)}
              data-testid="export-month"
            >
              {store.month}
            </button>
          ) : (
            <button type="button" className={styles.value} onClick={() => setPicking(true)} data-testid="export-range">
              <span className="nowrap">{store.startDate}</span> 至 <span className="nowrap">{store.endDate}</span>
            </button>
          )}
        </div>
        {span && !store.byMonth && <p className={styles.hint}>最长可导出{span}天</p>}
        {(store.type === 1 || store.type === 9) && (
          <div className={styles.row}>
            <span className={styles.label}>站点</span>
            <SitePicker store={store} />
          </div>
        )}
        {store.type === 7 && <MerchantPicker store={store} />}
        <div className={styles.row}>
          <label className={styles.label} htmlFor="export-email">
            接收邮箱
          </label>
          <Input
            id="export-email"
            name="email"
            type="email"
            placeholder="请输入接收邮箱"
            value={store.email}
            onChange={(v) => store.setEmail(v)}
          />
        </div>
        <p className={styles.hint}>报表生成后将以Excel附件发送至该邮箱，下载链接7天内有效，导出记录保留30天</p>
        <Button
          block
          color="primary"
          loading={store.send.sending}
          disabled={store.send.busy}
          onClick={() => void submit()}
          data-testid="export-submit"
        >
          发送到邮箱
        </Button>
      </section>
      <section className={styles.block}>
        <h2 className={styles.title}>
          最近导出
          <ActionLink to={href('downCenter')} className={styles.link}>
            查看全部
          </ActionLink>
        </h2>
        {recent === null ? (
          <p className={styles.hint}>{store.recent.failed ? '加载失败' : '加载中…'}</p>
        ) : recent.length === 0 ? (
          <p className={styles.hint}>暂无导出记录</p>
        ) : (
          <div data-testid="export-recent">
            {recent.map((r) => (
              <DocRecordRow key={r.id} r={r} onResend={setResending} />
            ))}
          </div>
        )}
      </section>
      <CalendarPicker
        visible={picking}
        selectionMode="range"
        max={new Date()}
        defaultValue={[new Date(`${store.startDate}T00:00:00`), new Date(`${store.endDate}T00:00:00`)]}
        onClose={() => setPicking(false)}
        onConfirm={(v) => {
          if (v) store.setRange(dateText(v[0]), dateText(v[1]));
          setPicking(false);
        }}
      />
      <DatePicker
        visible={pickingMonth}
        precision="month"
        max={new Date()}
        defaultValue={new Date(`${store.month}-01T00:00:00`)}
        onClose={() => setPickingMonth(false)}
        onConfirm={(d) => store.setMonth(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`)}
      />
      <ResendSheet
        record={resending}
        email={store.email}
        busy={store.resend.busy}
        onClose={() => setResending(null)}
        onConfirm={(email) => void resend(email)}
      />
    </main>
  );
});

export default function ExportFile() {
  const query = useRouteQuery('exportFile');
  const store = useScreenStore(exportFileStore, {
    ...(query?.type !== undefined ? { type: query.type } : {}),
    ...(query?.month ? { month: query.month } : {}),
    ...(query?.siteId ? { siteId: query.siteId } : {}),
    ...(query?.merchantId ? { merchantId: query.merchantId } : {}),
  });
  return <Form store={store} />;
}
