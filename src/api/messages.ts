import type { Page } from './http';
import { get, post } from './http';
import type { NoticeType, WarningType } from './mine';
import { SILENT } from '@/config/constants';

/**
 * Calls of the message screens (C-mine.md "/mine/message/warning", "/mine/message/upgrads", "/mine/message/upgrads/info";
 * entities.md WarningRecord, Notice, NoticeRead; business rules 3, 23, 25). Instants epoch ms; every list is limited to
 * the account's data scope by the server.
 */

/** Warning type names (entities.md WarningRecord), in the order of the type chips. */
export const WARNING_TYPE_NAMES: Readonly<Record<WarningType, string>> = {
  1: '设备离线',
  2: '端口故障',
  3: '烟雾报警',
  4: '温度过高',
  5: '功率过载',
  6: '门禁异常',
};

/** Notice type names (entities.md Notice), in the order of the type chips. */
export const NOTICE_TYPE_NAMES: Readonly<Record<NoticeType, string>> = {
  1: '系统升级',
  2: '功能上新',
  3: '运营通知',
  4: '政策公告',
};

/** Device type names of the site section's Device enum (1–7), as a warning row names its device. */
export const DEVICE_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: '10路充电站',
  2: '12路充电站',
  3: '双路充电桩',
  4: '门禁',
  5: 'U8道闸控制器',
  6: '摄像头',
  7: '烟感',
};

/**
 * WarningRecord.status (entities.md §88; C-mine.md /mine/message/warning "the status segment 全部 / 未恢复 / 已恢复",
 * rows "未恢复 · 已持续2小时" or "已恢复 14:20"): 0 未恢复, 1 已恢复 — the segment, the rows and the top card's count.
 */
export const WARNING_STATUS_LABELS: Readonly<Record<0 | 1, string>> = {
  0: '未恢复',
  1: '已恢复',
};

/** WarningRecord.level (entities.md §88): 1 一般, 2 严重 — the rows' level tag. */
export const WARNING_LEVEL_LABELS: Readonly<Record<1 | 2, string>> = {
  1: '一般',
  2: '严重',
};

/** One row of GET /api/warning/warningRecordList. */
export interface WarningRow {
  id: number;
  warningType: WarningType;
  /** 1 一般, 2 严重. */
  level: 1 | 2;
  siteId: number | null;
  siteName: string;
  deviceId: number | null;
  /** Device enum 1–7. */
  deviceType: number;
  serialNumber: string;
  socketNo: number | null;
  content: string;
  /** Epoch ms. */
  warningTime: number;
  /** 0 未恢复, 1 已恢复. */
  status: 0 | 1;
  /** Epoch ms, null while 未恢复. */
  recoverTime: number | null;
}

/** Request of GET /api/warning/warningRecordList (every filter optional). */
export interface WarningListQuery {
  warningType?: WarningType;
  status?: 0 | 1;
  siteId?: number;
  deviceId?: number;
  pageNum: number;
  pageSize: number;
}

/** The SMS / push switches of an account (POST /api/warning/updatePhoneMessageInfo answer). */
export interface PhoneMessageInfo {
  onMessage: 0 | 1;
  phoneMessageReceive: 0 | 1;
  /** The phone alarm SMS go to (rule 23; the login phone when none was set). */
  alarmPhone: string;
}

/** GET /api/message/noticeDetail answer: one published notice; `content` is HTML (rendered through sanitizeHtml). */
export interface NoticeDetail {
  id: number;
  type: NoticeType;
  title: string;
  content: string;
  coverUrl: string | null;
  /** Epoch ms. */
  publishTime: number;
}

/**
 * GET /api/warning/warningRecordList — warnings in the account's scope, newest first (未恢复 and 已恢复 alike), filtered
 * by type, status, site and device. Errors are toasted by the request layer.
 */
export const getWarningRecords = (query: WarningListQuery) =>
  get<Page<WarningRow>>('/api/warning/warningRecordList', query);

/**
 * POST /api/warning/updatePhoneMessageInfo — sets the caller's SMS alarm switch, push switch or alarm phone (only the
 * fields given); answers all three as stored. A refusal (phone rule) is code 1 with the message.
 */
export const updatePhoneMessageInfo = (body: Partial<PhoneMessageInfo>) =>
  post<PhoneMessageInfo>('/api/warning/updatePhoneMessageInfo', body);

/** GET /api/message/noticeDetail — one published notice; code 1 "消息不存在或已下线" when it is not. */
export const getNoticeDetail = (id: number) =>
  get<NoticeDetail>('/api/message/noticeDetail', { id }, { errorText: SILENT });

/**
 * POST /api/message/readNotice — marks one notice read (`id`), or every published notice (no id, rule 25); answers the
 * caller's unreadCount after it. Silent for one notice (override 2: opening a notice marks it read in the background).
 */
export const readNotice = (id?: number) =>
  post<{ unreadCount: number }>(
    '/api/message/readNotice',
    id === undefined ? {} : { id },
    id === undefined ? undefined : { errorText: SILENT, loading: false },
  );
