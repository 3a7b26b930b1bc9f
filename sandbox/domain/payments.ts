import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { one, type Db } from '../lib/db';
import { stamp } from '../lib/time';

/**
 * The two payment platforms as the sandbox stands them in (D-income.md §3; issue 8 "Pay arrears in the app the page
 * runs in"): WeChat Pay (JSAPI: a prepay order, the chooseWXPay parameters signed by the merchant) and Alipay (a trade
 * created by a signed request, paid with tradePay). Signatures are real RSA-SHA256 (WeChat Pay v3 paySign, Alipay
 * RSA2) with key pairs made when the sandbox starts: the merchant's (the backend signs its requests and the cashier
 * parameters; the platforms verify) and each platform's (the platforms sign their notifications; the backend
 * verifies). The platforms' orders live in table pay_order; the host emulators' cashiers pay them
 * (sandbox/pages/pay.ts), and a paid order makes the platform send its asynchronous notification (notificationOf) to
 * the backend's notify URL (lib/notifier.ts), separate from the cashier's answer to the page. Money fen, instants
 * epoch ms.
 */

interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

let pairs: { merchant: KeyPair; wechat: KeyPair; alipay: KeyPair } | null = null;

/** The key pairs of the merchant and of both platforms (made once per process). */
function keys() {
  pairs ??= {
    merchant: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    wechat: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    alipay: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  };
  return pairs;
}

function sign(key: KeyObject, text: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
}

function verify(key: KeyObject, text: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** A platform the sandbox stands in for. */
export type PayPlatform = 'wechat' | 'alipay';

/** Order status at the platform (WeChat trade_state names; Alipay's map onto them). */
export type PayOrderStatus = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR';

/** A platform's order (table pay_order). */
export interface PayOrder {
  id: number;
  platform: PayPlatform;
  outTradeNo: string;
  prepayId: string | null;
  tradeNo: string | null;
  amount: number;
  subject: string;
  notifyUrl: string;
  status: PayOrderStatus;
  expireTime: number;
  payTime: number | null;
}

function numeric(o: PayOrder): PayOrder {
  return {
    ...o,
    id: Number(o.id),
    amount: Number(o.amount),
    expireTime: Number(o.expireTime),
    payTime: o.payTime === null ? null : Number(o.payTime),
  };
}

/** What the backend asks a platform to collect. */
export interface OrderRequest {
  /** The backend's payment number (OwePayment.paymentNo). */
  outTradeNo: string;
  amount: number;
  subject: string;
  /** Path of the backend's notify endpoint. */
  notifyUrl: string;
  /** The order closes unpaid at this instant (time_expire). */
  expireTime: number;
}

/** 32 random characters of [0-9a-zA-Z] (nonce_str). */
export function nonceStr(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(32)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** The platform's order of `outTradeNo`, or null. */
export async function orderOf(db: Db, platform: PayPlatform, outTradeNo: string): Promise<PayOrder | null> {
  const row = await one<PayOrder>(db, 'select * from pay_order where platform = $1 and out_trade_no = $2', [
    platform,
    outTradeNo,
  ]);
  return row && numeric(row);
}

/** The order a cashier is paying, by WeChat's prepay id or Alipay's trade number. */
export async function orderByCashierRef(db: Db, platform: PayPlatform, ref: string): Promise<PayOrder | null> {
  const column = platform === 'wechat' ? 'prepay_id' : 'trade_no';
  const row = await one<PayOrder>(db, `select * from pay_order where platform = $1 and ${column} = $2`, [
    platform,
    ref,
  ]);
  return row && numeric(row);
}

async function insertOrder(
  tx: Db,
  platform: PayPlatform,
  req: OrderRequest,
  ids: { prepayId: string | null; tradeNo: string | null },
  at: number,
): Promise<void> {
  await tx.query(
    `insert into pay_order (platform, out_trade_no, prepay_id, trade_no, amount, subject, notify_url, status,
       expire_time, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, 'NOTPAY', $8, $9, $9)`,
    [platform, req.outTradeNo, ids.prepayId, ids.tradeNo, req.amount, req.subject, req.notifyUrl, req.expireTime, at],
  );
}

// ---- WeChat Pay (JSAPI) ---------------------------------------------------------------------------------------------

/** The chooseWXPay parameters of a prepay order (WeChat Pay v3 JSAPI: paySign over appId, timeStamp, nonceStr, package). */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** WeChat Pay's unified order (JSAPI): creates the prepay order and answers its prepay_id. */
export async function wechatPrepay(tx: Db, req: OrderRequest, at: number): Promise<string> {
  const prepayId = `wx${stamp(at)}${randomBytes(10).toString('hex')}`;
  await insertOrder(tx, 'wechat', req, { prepayId, tradeNo: null }, at);
  return prepayId;
}

/** The text WeChat Pay's paySign signs: appId, timeStamp, nonceStr and package, each followed by a line feed. */
function paySignText(p: Pick<JsapiParams, 'appId' | 'timeStamp' | 'nonceStr' | 'package'>): string {
  return `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
}

/** The merchant's chooseWXPay parameters of a prepay order, signed at `at` (epoch ms) with a fresh nonce. */
export function jsapiParams(appId: string, prepayId: string, at: number): JsapiParams {
  const base = {
    appId,
    timeStamp: String(Math.floor(at / 1000)),
    nonceStr: nonceStr(),
    package: `prepay_id=${prepayId}`,
  };
  return { ...base, signType: 'RSA', paySign: sign(keys().merchant.privateKey, paySignText(base)) };
}

/** WeChat's check of chooseWXPay parameters: the paySign is the merchant's signature of these values. */
export function jsapiParamsValid(
  p: Pick<JsapiParams, 'appId' | 'timeStamp' | 'nonceStr' | 'package' | 'paySign'>,
): boolean {
  return verify(keys().merchant.publicKey, paySignText(p), p.paySign);
}

// ---- Alipay -------------------------------------------------------------------------------------------------------

/** Alipay's signing string: the parameters sorted by name, `k=v` joined by `&`, without sign and empty values. */
export function alipaySignText(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The merchant's signed alipay.trade.create request (RSA2) for an order. */
export function alipayCreateRequest(appId: string, req: OrderRequest, at: number): Record<string, string> {
  const params: Record<string, string> = {
    app_id: appId,
    method: 'alipay.trade.create',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: new Date(at).toISOString(),
    version: '1.0',
    notify_url: req.notifyUrl,
    biz_content: JSON.stringify({
      out_trade_no: req.outTradeNo,
      total_amount: (req.amount / 100).toFixed(2),
      subject: req.subject,
      time_expire: new Date(req.expireTime).toISOString(),
    }),
  };
  return { ...params, sign: sign(keys().merchant.privateKey, alipaySignText(params)) };
}

/**
 * Alipay's alipay.trade.create: verifies the merchant's RSA2 signature of the request (null when it does not hold, as
 * Alipay answers 验签出错) and creates the trade; answers its trade_no.
 */
export async function alipayCreateTrade(tx: Db, request: Record<string, string>, at: number): Promise<string | null> {
  if (!verify(keys().merchant.publicKey, alipaySignText(request), request.sign ?? '')) return null;
  const biz = JSON.parse(request.biz_content ?? '{}') as {
    out_trade_no: string;
    total_amount: string;
    subject: string;
    time_expire: string;
  };
  const [yuan = '0', cents = '00'] = biz.total_amount.split('.');
  const tradeNo = `${stamp(at).slice(0, 8)}22001${String(BigInt(`0x${randomBytes(7).toString('hex')}`))
    .slice(0, 15)
    .padStart(15, '0')}`;
  await insertOrder(
    tx,
    'alipay',
    {
      outTradeNo: biz.out_trade_no,
      amount: Number(yuan) * 100 + Number(cents.padEnd(2, '0')),
      subject: biz.subject,
      notifyUrl: request.notify_url ?? '',
      expireTime: Date.parse(biz.time_expire),
    },
    { prepayId: null, tradeNo },
    at,
  );
  return tradeNo;
}

// ---- both ---------------------------------------------------------------------------------------------------------

/** Closes an unpaid order at the platform (close order / alipay.trade.close); a paid one stays paid. */
export async function closeOrder(tx: Db, platform: PayPlatform, outTradeNo: string, at: number): Promise<void> {
  await tx.query(
    `update pay_order set status = 'CLOSED', update_time = $3
     where platform = $1 and out_trade_no = $2 and status in ('NOTPAY', 'PAYERROR')`,
    [platform, outTradeNo, at],
  );
}

/** The platform's query of an order (orderquery / alipay.trade.query): what the platform knows now. */
export async function queryOrder(
  db: Db,
  platform: PayPlatform,
  outTradeNo: string,
  at: number,
): Promise<PayOrder | null> {
  const order = await orderOf(db, platform, outTradeNo);
  if (order && order.status === 'NOTPAY' && order.expireTime <= at) return { ...order, status: 'CLOSED' };
  return order;
}

/** What a cashier did: the user paid, cancelled, or the payment failed (a declined card). */
export type CashierOutcome = 'pay' | 'cancel' | 'fail';

/**
 * The cashier's payment of an order at `at`: a paid order gets its transaction number and pay time (the caller then
 * sends the notification). Answers why it cannot be paid (already paid, closed, expired), or null when `outcome` was
 * applied.
 */
export async function cashierSettle(
  tx: Db,
  order: PayOrder,
  outcome: CashierOutcome,
  at: number,
): Promise<string | null> {
  if (order.status === 'SUCCESS') return '该订单已支付';
  if (order.status === 'CLOSED' || order.expireTime <= at) return '订单已关闭或已过期';
  if (outcome === 'cancel') return null;
  if (outcome === 'fail') {
    await tx.query(`update pay_order set status = 'PAYERROR', update_time = $2 where id = $1`, [order.id, at]);
    return null;
  }
  const tradeNo =
    order.platform === 'wechat' ? `4200001${stamp(at).slice(0, 8)}${randomBytes(5).toString('hex')}` : order.tradeNo;
  await tx.query(
    `update pay_order set status = 'SUCCESS', trade_no = $2, pay_time = $3, update_time = $3 where id = $1`,
    [order.id, tradeNo, at],
  );
  return null;
}

/** The notification a platform sends for a paid order: the backend path and the signed JSON body. */
export interface PayNotification {
  path: string;
  body: Record<string, unknown>;
}

/** WeChat Pay's notification resource (the paid transaction). */
export interface WechatResource {
  out_trade_no: string;
  transaction_id: string;
  trade_state: 'SUCCESS';
  amount: { total: number };
  success_time: string;
}

/** The text WeChat Pay signs in a notification: timestamp, nonce and the resource JSON, each followed by a line feed. */
function wechatNotifyText(timestamp: string, nonce: string, resource: string): string {
  return `${timestamp}\n${nonce}\n${resource}\n`;
}

/** The notification of a paid order, signed with the platform's key. */
export function notificationOf(order: PayOrder, at: number): PayNotification {
  const payTime = new Date(order.payTime ?? at).toISOString();
  if (order.platform === 'wechat') {
    const resource = JSON.stringify({
      out_trade_no: order.outTradeNo,
      transaction_id: order.tradeNo ?? '',
      trade_state: 'SUCCESS',
      amount: { total: order.amount },
      success_time: payTime,
    } satisfies WechatResource);
    const timestamp = String(Math.floor(at / 1000));
    const nonce = nonceStr();
    return {
      path: order.notifyUrl,
      body: {
        id: randomBytes(16).toString('hex'),
        event_type: 'TRANSACTION.SUCCESS',
        resource,
        timestamp,
        nonce,
        signature: sign(keys().wechat.privateKey, wechatNotifyText(timestamp, nonce, resource)),
      },
    };
  }
  const params: Record<string, string> = {
    notify_id: randomBytes(16).toString('hex'),
    notify_type: 'trade_status_sync',
    notify_time: new Date(at).toISOString(),
    out_trade_no: order.outTradeNo,
    trade_no: order.tradeNo ?? '',
    trade_status: 'TRADE_SUCCESS',
    total_amount: (order.amount / 100).toFixed(2),
    gmt_payment: payTime,
    sign_type: 'RSA2',
  };
  return { path: order.notifyUrl, body: { ...params, sign: sign(keys().alipay.privateKey, alipaySignText(params)) } };
}

/** The backend's check of a WeChat Pay notification; answers its resource when the platform's signature holds. */
export function verifiedWechatNotification(body: {
  resource: string;
  timestamp: string;
  nonce: string;
  signature: string;
}): WechatResource | null {
  if (!verify(keys().wechat.publicKey, wechatNotifyText(body.timestamp, body.nonce, body.resource), body.signature)) {
    return null;
  }
  try {
    return JSON.parse(body.resource) as WechatResource;
  } catch {
    return null;
  }
}

/** The backend's check of an Alipay notification (RSA2 over the sorted parameters without sign and sign_type). */
export function alipayNotificationValid(params: Record<string, string>): boolean {
  const { sign: signature = '', sign_type: _type, ...rest } = params;
  return verify(keys().alipay.publicKey, alipaySignText(rest), signature);
}
