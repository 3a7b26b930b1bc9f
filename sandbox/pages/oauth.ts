import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { createAuthCode, expireAuthCode } from '../api/user';
import type { SandboxConfig } from '../config';
import { BizError, INVALID, controlCharacterPath, input, ok } from '../http/envelope';
import { escapeHtml, page } from './html';

/**
 * The two platforms' authorisation pages, as the sandbox stands them in (ARCHITECTURE.md "The sandbox"): the same
 * parameter names as the real ones, a consent button, and a redirect back with `code` (WeChat) or `auth_code`
 * (Alipay). The platform user is one per browser (a cookie), so the same browser is the same WeChat/Alipay user.
 * As strict as the real pages (issue 12, defect 5): redirect_uri must be an address of the app's own origin (the one
 * these pages are served at), checked on the page and again on consent; a code is exchanged once, within 5 minutes
 * (api/user.ts createAuthCode). POST /__sandbox/oauth/expireCode { code } makes a code expire now (tests).
 */

const COOKIE_WECHAT = 'sbx_wx_openid';
const COOKIE_ALIPAY = 'sbx_ali_userid';

function platformUser(c: Context, cookie: string, prefix: string): string {
  let id = getCookie(c, cookie);
  if (!id) {
    id = `${prefix}${randomBytes(12).toString('hex')}`;
    setCookie(c, cookie, id, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax' });
  }
  return id;
}

function errorPage(message: string): string {
  return page('授权失败', `<div class="card"><h1>授权失败</h1><p>${escapeHtml(message)}</p></div>`);
}

/**
 * The app's own origin: the origin these pages are served at, as the browser sees it (behind a proxy, its
 * X-Forwarded-Host and X-Forwarded-Proto; nginx sets both, deploy/render-nginx.ts).
 */
function appOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() || url.host;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(/:$/, '');
  return `${proto}://${host}`;
}

/** redirect_uri as a URL when it is an http(s) address of the app's own origin (appOrigin), else null. */
function validRedirect(c: Context, uri: string | undefined): URL | null {
  if (!uri || controlCharacterPath(uri) !== null) return null;
  try {
    const url = new URL(uri);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === appOrigin(c) ? url : null;
  } catch {
    return null;
  }
}

/** The form fields of a consent POST as text (a file or a repeated field is no text). */
async function consentForm(c: Context): Promise<Record<string, string>> {
  const form = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

const REDIRECT_REFUSED = 'redirect_uri 无效：只能返回本应用的地址';

export function oauthRoutes(db: PGlite, config: SandboxConfig, now: () => number) {
  const app = new Hono();

  // WeChat: GET /connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope=snsapi_userinfo&state#wechat_redirect
  app.get('/__sandbox/oauth/wechat/connect/oauth2/authorize', (c) => {
    const q = c.req.query();
    if (q.appid !== config.wechatAppId) return c.html(errorPage(`appid 无效：${q.appid ?? ''}`), 400);
    if (q.response_type !== 'code') return c.html(errorPage('response_type 须为 code'), 400);
    if (q.scope !== 'snsapi_userinfo' && q.scope !== 'snsapi_base') return c.html(errorPage('scope 无效'), 400);
    if (controlCharacterPath(q) !== null) return c.html(errorPage('参数含有不允许的控制字符或无效字符'), 400);
    const redirect = validRedirect(c, q.redirect_uri);
    if (!redirect) return c.html(errorPage(REDIRECT_REFUSED), 400);
    return c.html(
      page(
        '微信授权',
        `<div class="card"><h1>充电运营管理平台 申请获得</h1><p>你的公开信息（昵称、头像等）</p>
        <p><code>appid=${escapeHtml(q.appid)}</code> <code>scope=${escapeHtml(q.scope)}</code></p>
        <form method="post" action="/__sandbox/oauth/wechat/consent">
          <input type="hidden" name="redirect_uri" value="${escapeHtml(redirect.href)}">
          <input type="hidden" name="state" value="${escapeHtml(q.state ?? '')}">
          <button class="primary" type="submit" id="consent">允许</button>
        </form>
        <a class="button ghost" href="${escapeHtml(redirect.href)}">拒绝</a></div>
        <p>沙箱授权页 · 模拟微信网页授权</p>`,
      ),
    );
  });

  app.post('/__sandbox/oauth/wechat/consent', async (c) => {
    const form = await consentForm(c);
    const redirect = validRedirect(c, form.redirect_uri);
    if (!redirect || controlCharacterPath(form) !== null) return c.html(errorPage(REDIRECT_REFUSED), 400);
    const code = await createAuthCode(db, 'r9a_weixin', platformUser(c, COOKIE_WECHAT, 'o'), now());
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', form.state ?? '');
    return c.redirect(redirect.href, 302);
  });

  // Alipay: GET /oauth2/publicAppAuthorize.htm?app_id&scope=auth_user&redirect_uri
  app.get('/__sandbox/oauth/alipay/oauth2/publicAppAuthorize.htm', (c) => {
    const q = c.req.query();
    if (q.app_id !== config.alipayAppId) return c.html(errorPage(`app_id 无效：${q.app_id ?? ''}`), 400);
    if (q.scope !== 'auth_user' && q.scope !== 'auth_base') return c.html(errorPage('scope 无效'), 400);
    if (controlCharacterPath(q) !== null) return c.html(errorPage('参数含有不允许的控制字符或无效字符'), 400);
    const redirect = validRedirect(c, q.redirect_uri);
    if (!redirect) return c.html(errorPage(REDIRECT_REFUSED), 400);
    return c.html(
      page(
        '支付宝授权',
        `<div class="card"><h1>充电运营管理平台 申请获取</h1><p>你的支付宝会员信息（昵称、头像）</p>
        <p><code>app_id=${escapeHtml(q.app_id)}</code> <code>scope=${escapeHtml(q.scope)}</code></p>
        <form method="post" action="/__sandbox/oauth/alipay/consent">
          <input type="hidden" name="redirect_uri" value="${escapeHtml(redirect.href)}">
          <input type="hidden" name="scope" value="${escapeHtml(q.scope)}">
          <button class="alipay" type="submit" id="consent">同意</button>
        </form>
        <a class="button ghost" href="${escapeHtml(redirect.href)}">取消</a></div>
        <p>沙箱授权页 · 模拟支付宝网页授权</p>`,
      ),
    );
  });

  app.post('/__sandbox/oauth/alipay/consent', async (c) => {
    const form = await consentForm(c);
    const redirect = validRedirect(c, form.redirect_uri);
    if (!redirect || controlCharacterPath(form) !== null) return c.html(errorPage(REDIRECT_REFUSED), 400);
    const code = await createAuthCode(db, 'alipay', platformUser(c, COOKIE_ALIPAY, '2088'), now());
    redirect.searchParams.set('app_id', config.alipayAppId);
    redirect.searchParams.set('source', 'alipay_wallet');
    redirect.searchParams.set('scope', form.scope === 'auth_base' ? 'auth_base' : 'auth_user');
    redirect.searchParams.set('auth_code', code);
    return c.redirect(redirect.href, 302);
  });

  // POST /__sandbox/oauth/expireCode — test control: the code expires now (never exchangeable, its session over).
  app.post('/__sandbox/oauth/expireCode', async (c) => {
    const { code } = await input(c, z.object({ code: z.string().min(1, '缺少 code').max(128) }));
    if (!(await expireAuthCode(db, code, now()))) throw new BizError(INVALID, '授权码不存在');
    return ok(c, null);
  });

  return app;
}
