import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createAuthCode } from '../api/user';
import type { SandboxConfig } from '../config';
import { escapeHtml, page } from './html';

/**
 * The two platforms' authorisation pages, as the sandbox stands them in (ARCHITECTURE.md "The sandbox"): the same
 * parameter names as the real ones, a consent button, and a redirect back with `code` (WeChat) or `auth_code`
 * (Alipay). The platform user is one per browser (a cookie), so the same browser is the same WeChat/Alipay user.
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

/** Only same-site absolute http(s) addresses are accepted as redirect_uri. */
function validRedirect(uri: string | undefined): URL | null {
  if (!uri) return null;
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function oauthRoutes(db: PGlite, config: SandboxConfig, now: () => number) {
  const app = new Hono();

  // WeChat: GET /connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope=snsapi_userinfo&state#wechat_redirect
  app.get('/__sandbox/oauth/wechat/connect/oauth2/authorize', (c) => {
    const q = c.req.query();
    if (q.appid !== config.wechatAppId) return c.html(errorPage(`appid 无效：${q.appid ?? ''}`), 400);
    if (q.response_type !== 'code') return c.html(errorPage('response_type 须为 code'), 400);
    if (q.scope !== 'snsapi_userinfo' && q.scope !== 'snsapi_base') return c.html(errorPage('scope 无效'), 400);
    const redirect = validRedirect(q.redirect_uri);
    if (!redirect) return c.html(errorPage('redirect_uri 无效'), 400);
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
    const form = await c.req.parseBody();
    const redirect = validRedirect(typeof form.redirect_uri === 'string' ? form.redirect_uri : undefined);
    if (!redirect) return c.html(errorPage('redirect_uri 无效'), 400);
    const code = await createAuthCode(db, 'r9a_weixin', platformUser(c, COOKIE_WECHAT, 'o'), now());
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', typeof form.state === 'string' ? form.state : '');
    return c.redirect(redirect.href, 302);
  });

  // Alipay: GET /oauth2/publicAppAuthorize.htm?app_id&scope=auth_user&redirect_uri
  app.get('/__sandbox/oauth/alipay/oauth2/publicAppAuthorize.htm', (c) => {
    const q = c.req.query();
    if (q.app_id !== config.alipayAppId) return c.html(errorPage(`app_id 无效：${q.app_id ?? ''}`), 400);
    if (q.scope !== 'auth_user' && q.scope !== 'auth_base') return c.html(errorPage('scope 无效'), 400);
    const redirect = validRedirect(q.redirect_uri);
    if (!redirect) return c.html(errorPage('redirect_uri 无效'), 400);
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
    const form = await c.req.parseBody();
    const redirect = validRedirect(typeof form.redirect_uri === 'string' ? form.redirect_uri : undefined);
    if (!redirect) return c.html(errorPage('redirect_uri 无效'), 400);
    const code = await createAuthCode(db, 'alipay', platformUser(c, COOKIE_ALIPAY, '2088'), now());
    redirect.searchParams.set('app_id', config.alipayAppId);
    redirect.searchParams.set('source', 'alipay_wallet');
    redirect.searchParams.set('scope', typeof form.scope === 'string' ? form.scope : 'auth_user');
    redirect.searchParams.set('auth_code', code);
    return c.redirect(redirect.href, 302);
  });

  return app;
}
