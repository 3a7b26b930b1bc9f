import { Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { NOTICE_TYPE_NAMES } from '@/api/messages';
import { useRouteQuery } from '@/components/route-query';
import { safeImageUrl } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import { DetailFailed, DetailLoading } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/messages.module.css';
import { RichHtml } from '@/sections/mine/rich-html';
import { useScreenStore } from '@/stores/screen-store';
import { noticeDetailStore, type NoticeDetailStore } from '@/stores/screens/mine/messages';

/**
 * /mine/message/upgrads/info — 消息详情 (C-mine.md "/mine/message/upgrads/info"; issue 11 item 5): title, type tag,
 * publish time, cover image and the HTML content, sanitised (RichHtml: links open safely in the same webview, images
 * in the host's viewer). Opening marks the notice read silently. Loading "加载中"; a notice not found or offline
 * "消息不存在或已下线" with 重新加载.
 */

const Detail = observer(function Detail({ store }: { store: NoticeDetailStore }) {
  const notice = store.detail.data;
  if (!notice) {
    if (store.detail.failed) return <DetailFailed text={store.error ?? '加载失败'} onRetry={() => void store.open()} />;
    return <DetailLoading />;
  }
  const cover = safeImageUrl(notice.coverUrl);
  return (
    <main className={styles.page}>
      <article className={`${styles.card} ${styles.article}`}>
        <h1 data-testid="notice-title">{notice.title}</h1>
        <div className={styles.line}>
          <Tag color="primary" fill="outline">
            {NOTICE_TYPE_NAMES[notice.type]}
          </Tag>
          <span>{formatTime(notice.publishTime)}</span>
        </div>
        {cover && <img className={styles.cover} src={safeImageUrl(cover)} alt={`${notice.title}封面`} />}
        <RichHtml html={notice.content} className={styles.html} testId="notice-content" />
      </article>
    </main>
  );
});

function NoticeInfo({ id }: { id: number }) {
  const store = useScreenStore(noticeDetailStore, id);
  useEffect(() => {
    void store.open();
  }, [store]);
  return <Detail store={store} />;
}

export default function UpgradsInfoPage() {
  const query = useRouteQuery('upgradsInfo');
  if (!query) return <DetailFailed text="消息不存在或已下线" onRetry={() => window.history.back()} />;
  return <NoticeInfo id={query.id} />;
}
