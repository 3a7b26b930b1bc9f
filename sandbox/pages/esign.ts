import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { phoneRule } from '../../src/api/rules';
import { maskPhone } from '../domain/bank-cards';
import type { EsignProvider } from '../domain/esign-provider';
import {
  confirmSigning,
  entityOf,
  flowOf,
  reviewEntity,
  reviewEntityChange,
  reviewOpening,
  setSignStatus,
} from '../domain/onboarding';
import { sendSmsCode } from '../domain/sms';
import { accountByPhone } from '../http/session';
import { BizError, fail, input, ok } from '../http/envelope';
import { rows, one } from '../lib/db';
import { escapeHtml, page } from './html';

/**
 * The e-signature provider's signing page and the back office, as the sandbox stands them in (README "Sandbox
 * interfaces"; D-income.md §5):
 *
 * - `GET /__sandbox/esign/sign?flowId=…` — the provider's page a signing (smsSign action 1) sends the signer to: the
 *   entity, the signer, the agreements, the code sent to the signer's phone (SMS type 7, in the sandbox inbox), 重新获取
 *   and 确认签署. Signing returns the browser to the app's backUrl (a path of the app's own origin) and the provider
 *   notifies the backend: signStatus 1 at once, then 2 (or 3 with a reason) after a moment.
 * - `POST /__sandbox/esign/verdict` { phone, signStatus: 2 | 3, rejectReason?, delayMs? } — the result of the next
 *   signing of the signer of `phone` (default 2 after 1.5 s).
 * - `POST /__sandbox/merchant/review` { phone, target: 'entity' | 'change' | 'open' | 'sign', approve, reason? } — the
 *   back office's (or the bank's) answer now, for the account of login `phone`, to its certification, change
 *   application, online-bank opening or enterprise signing under review (otherwise approved a minute after it was
 *   asked, on the business clock).
 * - `GET /__sandbox/upload/:name` — an uploaded image.
 */

const flowQuery = z.object({
  flowId: z.string().max(64),
  error: z.string().max(100).optional(),
  notice: z.string().max(100).optional(),
});

/** A text field of a form POST ('' when absent). */
async function formField(c: Context, name: string): Promise<string> {
  const form = await c.req.parseBody();
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

export function esignPageRoutes(db: PGlite, provider: EsignProvider, now: () => number) {
  const app = new Hono();
  const signPage = (flowId: string, extra: Record<string, string>) =>
    `/__sandbox/esign/sign?${new URLSearchParams({ flowId, ...extra })}`;

  app.get('/__sandbox/esign/sign', async (c) => {
    const q = await input(c, flowQuery);
    const flow = await flowOf(db, q.flowId);
    if (!flow) return c.html(page('签署失败', '<div class="card"><h1>签署流程不存在</h1></div>'), 404);
    if (flow.status !== 0) {
      return c.html(
        page(
          '电子签约',
          `<div class="card"><h1>该签署已完成或已作废</h1><a class="button ghost" href="${escapeHtml(flow.backUrl)}">返回</a></div>`,
        ),
      );
    }
    const entity = await entityOf(db, flow.accountId);
    const agreements = await rows<{ name: string; version: string; contentUrl: string }>(
      db,
      'select name, version, content_url from agreement where id = any($1::bigint[]) order by id',
      [flow.agreementIds],
    );
    const items = agreements
      .map(
        (a) =>
          `<li><a href="${escapeHtml(a.contentUrl)}" target="_blank">《${escapeHtml(a.name)}》${escapeHtml(a.version)}</a></li>`,
      )
      .join('');
    const message = q.error
      ? `<p class="error" role="alert">${escapeHtml(q.error)}</p>`
      : q.notice
        ? `<p>${escapeHtml(q.notice)}</p>`
        : `<p>验证码已发送至 ${escapeHtml(maskPhone(flow.signerPhone))}</p>`;
    return c.html(
      page(
        '电子签约',
        `<h1>电子签约</h1><p>沙箱模拟的电子签名服务</p>
        <div class="card" style="text-align:left">
          <p>签约主体：<b id="esign-entity">${escapeHtml(entity?.name ?? '')}</b></p>
          <p>签约人：${escapeHtml(flow.signerName)}（${escapeHtml(maskPhone(flow.signerPhone))}）</p>
          <p>签署文件：</p><ul id="esign-agreements">${items}</ul>
        </div>
        <form class="card" method="post" action="/__sandbox/esign/sign">
          <input type="hidden" name="flowId" value="${escapeHtml(flow.flowId)}">
          ${message}
          <input name="code" inputmode="numeric" maxlength="6" placeholder="请输入6位短信验证码" autocomplete="one-time-code"
            style="width:100%;height:44px;font-size:18px;text-align:center;border:1px solid #e5e6eb;border-radius:8px;box-sizing:border-box">
          <button type="submit" class="primary" id="esign-confirm">确认签署</button>
          <button type="submit" class="ghost" formaction="/__sandbox/esign/sms" id="esign-resend">重新获取验证码</button>
        </form>`,
      ).replace('</style>', '.error{color:#e34d59}ul{padding-left:20px;font-size:14px;line-height:1.8}</style>'),
    );
  });

  // The signer asks for a new code.
  app.post('/__sandbox/esign/sms', async (c) => {
    const flowId = await formField(c, 'flowId');
    const flow = await flowOf(db, flowId);
    if (!flow) return c.html(page('签署失败', '<div class="card"><h1>签署流程不存在</h1></div>'), 404);
    try {
      await sendSmsCode(db, flow.signerPhone, 7, now());
      return c.redirect(signPage(flowId, { notice: `验证码已发送至 ${maskPhone(flow.signerPhone)}` }), 303);
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      return c.redirect(signPage(flowId, { error: error.message }), 303);
    }
  });

  // The signer signs with the code: back to the app; the provider notifies the backend.
  app.post('/__sandbox/esign/sign', async (c) => {
    const form = await c.req.parseBody();
    const flowId = typeof form.flowId === 'string' ? form.flowId : '';
    const code = typeof form.code === 'string' ? form.code.trim() : '';
    const flow = await flowOf(db, flowId);
    if (!flow) return c.html(page('签署失败', '<div class="card"><h1>签署流程不存在</h1></div>'), 404);
    if (!/^\d{6}$/.test(code)) return c.redirect(signPage(flowId, { error: '请输入6位验证码' }), 303);
    const at = now();
    try {
      await db.transaction((tx) => confirmSigning(tx, flow, code, at));
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      return c.redirect(signPage(flowId, { error: error.message }), 303);
    }
    await provider.signedOnPage(flow, at);
    return c.redirect(flow.backUrl, 303);
  });

  app.post('/__sandbox/esign/verdict', async (c) => {
    const body = await input(
      c,
      z.object({
        phone: phoneRule,
        signStatus: z.union([z.literal(2), z.literal(3)]),
        rejectReason: z.string().max(100).optional(),
        delayMs: z.number().int().min(0).max(60_000).optional(),
      }),
    );
    provider.setVerdict(body.phone, {
      signStatus: body.signStatus,
      rejectReason: body.rejectReason ?? null,
      delayMs: body.delayMs ?? 1500,
    });
    return ok(c, null);
  });

  app.post('/__sandbox/merchant/review', async (c) => {
    const body = await input(
      c,
      z.object({
        phone: phoneRule,
        target: z.enum(['entity', 'change', 'open', 'sign']),
        approve: z.boolean(),
        reason: z.string().max(100).optional(),
      }),
    );
    const account = await accountByPhone(db, body.phone);
    if (!account) return fail(c, 1, '该手机号未注册');
    const accountId = account.accountType === 4 || account.accountType === 5 ? account.mainAccountId : account.id;
    const at = now();
    const reason = body.reason ?? null;
    await db.transaction(async (tx) => {
      if (body.target === 'entity') await reviewEntity(tx, accountId, body.approve, reason, at);
      else if (body.target === 'change') await reviewEntityChange(tx, accountId, body.approve, reason, at);
      else if (body.target === 'open') await reviewOpening(tx, accountId, body.approve, reason, at);
      else {
        const status = Number(
          (await one<{ s: number }>(tx, 'select sign_status as s from account where id = $1', [accountId]))?.s,
        );
        if (status !== 1) throw new BizError(1, '没有审核中的签约');
        await setSignStatus(tx, accountId, body.approve ? 2 : 3, body.approve ? null : reason || '签约审核未通过', at);
      }
    });
    return ok(c, null);
  });

  app.get('/__sandbox/upload/:name', async (c) => {
    const id = Number(/^(\d+)\.(jpg|png)$/.exec(c.req.param('name'))?.[1]);
    if (!Number.isSafeInteger(id)) return c.notFound();
    const file = await one<{ content: Uint8Array | null; contentType: string | null }>(
      db,
      'select content, content_type from upload_file where id = $1',
      [id],
    );
    if (!file?.content) return c.notFound();
    return c.body(new Uint8Array(file.content), 200, {
      'Content-Type': file.contentType ?? 'image/jpeg',
      'Cache-Control': 'private, max-age=86400',
    });
  });

  return app;
}
