import { Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { Button } from '@/components/button';
import { NOTICE_TYPE_NAMES } from '@/api/messages';
import type { NoticeListResult, NoticeRow, NoticeType } from '@/api/mine';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import styles from '@/sections/mine/messages.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { NOTICE_CHIPS, noticeListStore } from '@/stores/screens/mine/messages';

/**
 * /mine/message/upgrads — 系统消息 (C-mine.md "/mine/message/upgrads"; business rule 25): 全部已读 (readNotice without id,
 * toast "已全部标为已读", the dots clear), the type chips 全部 / 系统升级 / 功能上新 / 运营通知 / 政策公告, and rows (unread
 * dot, type tag, title on one line — bold while unread —, two-line summary, publish time) on the shared list; a row
 * opens the notice. The list is loaded afresh at each visit, so a notice read in its detail shows read.
 */

function Row({ n }: { n: NoticeRow }) {
  const unread = n.read === 0;
  return (
    <EntryLink
      to={href('upgradsInfo', { id: n.id })}
      className={`${styles.item} ${unread ? styles.unread : ''}`}
      testId={`notice-${n.id}`}
    >
      <div className={styles.itemHead}>
        {unread && <span className={styles.unreadDot} role="img" aria-label="未读" />}
        <Tag color="primary" fill="outline">
          {NOTICE_TYPE_NAMES[n.type]}
        </Tag>
        <span className={styles.title}>{n.title}</span>
      </div>
      <p className={styles.summary}>{n.summary}</p>
      <div className={styles.line}>
        <span>{formatTime(n.publishTime)}</span>
        {!unread && <span>已读</span>}
      </div>
    </EntryLink>
  );
}

const UpgradsPage = observer(function UpgradsPage() {
  const store = useScreenStore(noticeListStore);
  return (
    <main className={styles.page}>
      <div className={styles.toolbar}>
        <span data-testid="notice-unread">
          {store.unreadCount === null ? '' : store.unreadCount > 0 ? `${store.unreadCount} 条未读` : '没有未读消息'}
        </span>
        <Button
          size="small"
          fill="outline"
          color="primary"
          loading={store.markingAll}
          disabled={store.unreadCount === 0}
          onClick={() =>
            void store.markAllRead().then((text) => {
              if (text) toast(text);
            })
          }
        >
          全部已读
        </Button>
      </div>
      <Segmented
        variant="chips"
        label="消息类型"
        options={NOTICE_CHIPS.map((c) => ({ key: c.value === undefined ? 'all' : String(c.value), label: c.label }))}
        value={store.type === undefined ? 'all' : String(store.type)}
        onChange={(key) => store.setType(key === 'all' ? undefined : (Number(key) as NoticeType))}
      />
      <PagedList<NoticeRow, NoticeListResult>
        testId="notice-list"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={store.watch}
        itemKey={(n) => n.id}
        estimateSize={110}
        skeletonRows={5}
        onPage={(page) => store.onPage(page)}
        renderItem={(n) => <Row n={n} />}
        empty={<p>暂无系统消息</p>}
      />
    </main>
  );
});

export default UpgradsPage;
