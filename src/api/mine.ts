import { SILENT } from '@/config/constants';
import { get, post } from './http';
import type { CallMeta } from './outcome';

/**
 * Calls of the personal centre (spec §7 "Account and login", "Messages, warnings, transfers, posters";
 * C-mine.md "/mine — 个人中心" Calls, "/mine/message/upgrads" for the notice rows; entities.md §88–§92, R2).
 * Counts are integers; instants epoch ms; every figure is limited to the account's data scope.
 */

/**
 * GET /api/user/statisticalOperation — the /mine stats strip (C-mine.md rule 2, entities.md R2): sites with status 1
 * or 2 (个), charging boxes bound to a site (台), their sockets (个), cards with status ≠ 4 (张). The first three equal
 * GET /api/user/siteCount's siteCount / boxCount / socketCount, cardCount equals GET /api/card/cardCount's total.
 */
export interface StatisticalOperation {
  siteCount: number;
  boxCount: number;
  socketCount: number;
  cardCount: number;
}

/** Warning types (entities.md §88): 1 设备离线, 2 端口故障, 3 烟雾报警, 4 温度过高, 5 功率过载, 6 门禁异常. */
export type WarningType = 1 | 2 | 3 | 4 | 5 | 6;

/** Number of warning records of one type (all statuses). */
export interface WarningTypeCount {
  warningType: WarningType;
  count: number;
}

/**
 * GET /api/warning/getAlarmNum (C-mine.md /mine and /mine/message/warning): unrecoveredCount = warnings in status 0
 * 未恢复; todayCount = warnings since 00:00 Asia/Shanghai today; typeCounts = one entry per type 1–6, in that order.
 */
export interface AlarmNum {
  unrecoveredCount: number;
  todayCount: number;
  typeCounts: WarningTypeCount[];
}

/** Notice types (entities.md §89): 1 系统升级, 2 功能上新, 3 运营通知, 4 政策公告. */
export type NoticeType = 1 | 2 | 3 | 4;

/** One row of the notice list (C-mine.md /mine/message/upgrads). */
export interface NoticeRow {
  id: number;
  type: NoticeType;
  title: string;
  /** Plain text, shown on two lines. */
  summary: string;
  /** Image URL, or null. */
  coverUrl: string | null;
  /** Epoch ms. */
  publishTime: number;
  /** 1 when the account has read it. */
  read: 0 | 1;
}

/** Request of GET /api/message/noticeList: optional type filter, page (from 1) and page size. */
export interface NoticeListQuery {
  type?: NoticeType;
  pageNum: number;
  pageSize: number;
}

/**
 * GET /api/message/noticeList answer: published notices, newest first; total of the (type-filtered) list;
 * unreadCount = every published notice the account has not read (whatever the type filter).
 */
export interface NoticeListResult {
  list: NoticeRow[];
  total: number;
  unreadCount: number;
}

/** Poster types (entities.md §91): 1 招商海报, 2 扫码充电引导, 3 办卡活动. */
export type PosterType = 1 | 2 | 3;

/** One poster of GET /api/direct/poster/reportPosterList (on sale, in display order). */
export interface PosterItem {
  posterId: number;
  title: string;
  /** Absolute image URL of the thumbnail. */
  thumbUrl: string;
  posterType: PosterType;
}

/** GET /api/direct/poster/listPosterImageUrl answer: the poster personalised with the operator's service phone and QR. */
export interface PosterImages {
  /** Absolute image URLs (the first is the one to show). */
  imageUrls: string[];
}

/** Poster record actions (entities.md §92): 1 查看, 2 保存/分享. */
export type PosterAction = 1 | 2;

/** Override that silences the error toast of badge-type calls (spec §8 override 2). */
const SILENT_META: CallMeta = { errorText: SILENT, loading: false };

/** GET /api/user/statisticalOperation — the four counters of the /mine stats strip (errors toasted). */
export const getStatisticalOperation = () => get<StatisticalOperation>('/api/user/statisticalOperation');

/**
 * GET /api/warning/getAlarmNum — alarm counts. `meta` lets /mine silence it (badge-type call, override 2); the alarm
 * screen calls it with the default toast.
 */
export const getAlarmNum = (meta?: CallMeta) => get<AlarmNum>('/api/warning/getAlarmNum', {}, meta);

/** GET /api/message/noticeList — a page of notices with the read flag and unreadCount. */
export const getNoticeList = (query: NoticeListQuery, meta?: CallMeta) =>
  get<NoticeListResult>('/api/message/noticeList', query, meta);

/**
 * The /mine 系统消息 badge: GET /api/message/noticeList with pageNum 1, pageSize 1, silenced (override 2); only
 * unreadCount is used (C-mine.md /mine Calls).
 */
export const getUnreadNoticeCount = () => getNoticeList({ pageNum: 1, pageSize: 1 }, SILENT_META);

/** The /mine 告警通知 badge: getAlarmNum silenced (override 2). */
export const getAlarmNumSilently = () => getAlarmNum(SILENT_META);

/**
 * GET /api/direct/poster/reportPosterList — posters on sale, in display order. Silenced (override 2): on failure the
 * 推广海报 entry is hidden.
 */
export const getPosterList = () => get<PosterItem[]>('/api/direct/poster/reportPosterList', {}, SILENT_META);

/**
 * GET /api/direct/poster/listPosterImageUrl — the personalised poster of `posterId`. A user action (tap on a
 * thumbnail): the loading indicator shows and an error is toasted by the request layer.
 */
export const listPosterImageUrl = (posterId: number) =>
  get<PosterImages>('/api/direct/poster/listPosterImageUrl', { posterId }, { loading: true });

/** POST /api/direct/poster/reportPosterRecord — records a view (1) or save/share (2); silent (override 2). data null. */
export const reportPosterRecord = (posterId: number, action: PosterAction) =>
  post<null>('/api/direct/poster/reportPosterRecord', { posterId, action }, SILENT_META);
