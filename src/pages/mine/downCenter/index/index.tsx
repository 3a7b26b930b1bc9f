import { observer } from 'mobx-react-lite';
import { ActionLink } from '@/components/links';
import { useEffect, useRef, useState } from 'react';
import { listDocRecords, type DocRecord } from '@/api/exports';
import { DocRecordRow, ResendSheet } from '@/components/doc-records';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useIsBuilt } from '@/components/route-availability';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { DOC_CHIPS, downCenterStore, REFRESH_MS } from '@/stores/screens/mine/down-center';
import styles from './down-center.module.css';

/**
 * /mine/downCenter/index — 下载中心 (C-mine.md 对账单下载中心; the grid's name, one name per feature): the notice, the
 * receiving e-mail (修改 → /mine/set when built), the type chips and the export records newest first (the shared list), each with 重新发送 for 已发送 / 发送失败 through
 * the e-mail sheet; while a row on screen is 生成中 the list reloads every 10 s.
 */
const DownCenter = observer(function DownCenter() {
  const store = useScreenStore(downCenterStore);
  const isBuilt = useIsBuilt();
  const [resending, setResending] = useState<DocRecord | null>(null);
  const running = useRef(false);
  useEffect(() => {
    void store.loadEmail();
  }, [store]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (running.current) store.reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [store]);
  const confirm = async (email: string) => {
    if (!resending) return;
    const outcome = await store.resendTo(resending.id, email);
    if (!outcome) return;
    toast(outcome.text);
    if (outcome.ok) setResending(null);
  };
  return (
    <main className={styles.page} data-testid="down-center">
      <p className={styles.notice}>导出文件将发送至邮箱，记录保留30天，邮件中的下载链接7天内有效</p>
      <div className={styles.email}>
        <span>接收邮箱 {store.email || '未设置'}</span>
        {isBuilt(href('mineSet')) && (
          <ActionLink to={href('mineSet')} className={styles.link}>
            修改
          </ActionLink>
        )}
      </div>
      <Segmented
        options={DOC_CHIPS}
        value={store.chip}
        onChange={(chip) => store.setChip(chip)}
        label="报表类型"
        variant="chips"
      />
      <PagedList<DocRecord>
        testId="doc-records"
        watch={[store.chip, store.generation]}
        fetchPage={(pageNum, pageSize) =>
          listDocRecords({ pageNum, pageSize, ...(store.chip === 'all' ? {} : { docType: store.chip }) })
        }
        onPage={(page) => {
          running.current = page.list.some((r) => r.status === 1);
        }}
        itemKey={(r) => r.id}
        estimateSize={110}
        renderItem={(r) => <DocRecordRow r={r} onResend={setResending} />}
        empty={<p className={styles.empty}>暂无导出记录</p>}
      />
      <ResendSheet
        record={resending}
        email={store.email}
        busy={store.resend.busy}
        onClose={() => setResending(null)}
        onConfirm={(email) => void confirm(email)}
      />
    </main>
  );
});

export default DownCenter;
