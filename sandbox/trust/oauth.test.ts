import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * The sandbox's platform pages are as strict as the real ones (issue 12, defect 5): an authorisation code is
 * exchanged once, within 5 minutes, and logs in once; its session resolves header authcode for 2 h; the authorise
 * pages return only to the app's own origin. (The app's handling of a used or expired code: test/e2e/auth-code.test.ts.)
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb } = openSandboxForFile(NOW);
const config = loadConfig();
/** The origin of app.request's addresses: the app's own origin in these tests. */
const APP = 'http://localhost';

const wechatPage = (redirect: string, headers: Record<string, string> = {}) =>
  sb.app.request(
    `/__sandbox/oauth/wechat/connect/oauth2/authorize?appid=${config.wechatAppId}&redirect_uri=${encodeURIComponent(
      redirect,
    )}&response_type=code&scope=snsapi_userinfo&state=r9a`,
    { headers },
  );
const alipayPage = (redirect: string) =>
  sb.app.request(
    `/__sandbox/oauth/alipay/oauth2/publicAppAuthorize.htm?app_id=${config.alipayAppId}&scope=auth_user&redirect_uri=${encodeURIComponent(redirect)}`,
  );
const consent = (host: 'wechat' | 'alipay', cookie: string, redirect: string, headers: Record<string, string> = {}) =>
  sb.app.request(`/__sandbox/oauth/${host}/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
    body: `redirect_uri=${encodeURIComponent(redirect)}&state=r9a&scope=auth_user`,
  });

/** A WeChat code for the platform user of `cookie` (through the consent form). */
async function wechatCode(cookie: string): Promise<string> {
  const res = await consent('wechat', cookie, `${APP}/home`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

const silent = (code: string) => sb.post<{ bound: boolean; token?: string }>('/wap/user/wapAntlogin', null, { code });

/** Binds the platform user of `cookie` to the account of `phone` (SMS login with header authcode). */
async function bind(cookie: string, phone: string): Promise<void> {
  const code = await wechatCode(cookie);
  expect((await silent(code)).body.data.bound).toBe(false);
  await sb.app.request(`/__sandbox/sms?phone=${phone}`, { method: 'DELETE' });
  expect((await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body.code).toBe(0);
  const sms = (await sb.get<{ code: string }>('/__sandbox/sms', null, { phone })).body.data.code;
  const login = await sb.post('/api/user/antLogin', null, { phone, code: sms }, { authcode: code });
  expect(login.body.code).toBe(0);
}

describe('redirect_uri: the app’s own origin only', () => {
  it.each([
    ['another origin', 'https://evil.example/home'],
    ['another port', 'http://localhost:8081/home'],
    ['a look-alike host', 'http://localhost.evil.example/home'],
    ['javascript:', 'javascript:alert(1)//localhost/home'],
    ['a relative path', '/home'],
    ['a control character', `${APP}/home\u0000`],
  ])('the authorise pages refuse %s', async (_, redirect) => {
    for (const res of [await wechatPage(redirect), await alipayPage(redirect)]) {
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('授权失败');
    }
  });

  it('a consent form posted with a foreign redirect_uri is refused too (no code is issued)', async () => {
    const before = await scalar(sb.db, 'select count(*) from auth_code_session');
    for (const host of ['wechat', 'alipay'] as const) {
      const res = await consent(host, 'sbx_wx_openid=oAttacker; sbx_ali_userid=2088attacker', 'https://evil.example/x');
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    expect(await scalar(sb.db, 'select count(*) from auth_code_session')).toBe(before);
  });

  it('the app’s own origin passes, also as a proxy in front states it (X-Forwarded-Host/-Proto)', async () => {
    expect((await wechatPage(`${APP}/home?x=1`)).status).toBe(200);
    expect((await alipayPage(`${APP}/home`)).status).toBe(200);
    const proxied = { 'x-forwarded-host': 'ops.example.com', 'x-forwarded-proto': 'https' };
    expect((await wechatPage('https://ops.example.com/home', proxied)).status).toBe(200);
    expect((await wechatPage(`${APP}/home`, proxied)).status).toBe(400);
    const res = await consent('wechat', 'sbx_wx_openid=oProxied', 'https://ops.example.com/home', proxied);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '').origin).toBe('https://ops.example.com');
  });
});

describe('authorisation codes', () => {
  it('a code gives one silent login: the same code again is refused, also when sent in parallel', async () => {
    const cookie = 'sbx_wx_openid=oSingleUse';
    await bind(cookie, DEMO_PHONES.builder);
    const code = await wechatCode(cookie);
    const first = await silent(code);
    expect(first.body).toMatchObject({ code: 0, data: { bound: true } });
    expect(first.body.data.token).toHaveLength(32);
    expect((await silent(code)).body).toEqual({ code: 1, message: '授权码已使用，请重新进入', data: null });

    const parallel = await wechatCode(cookie);
    const answers = await Promise.all(Array.from({ length: 5 }, () => silent(parallel)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === '授权码已使用，请重新进入')).toHaveLength(4);
  });

  it('a code not bound to an account may be tried again (no token); it still binds within its session', async () => {
    const code = await wechatCode('sbx_wx_openid=oNotBoundYet');
    expect((await silent(code)).body.data).toEqual({ bound: false, nickname: '', avatar: '' });
    expect((await silent(code)).body.data.bound).toBe(false);
  });

  it('a code never exchanged within 5 minutes has expired', async () => {
    const cookie = 'sbx_wx_openid=oLate';
    await bind(cookie, DEMO_PHONES.splitOperator);
    const code = await wechatCode(cookie);
    sb.clock.now += 5 * 60_000 + 1;
    expect((await silent(code)).body).toEqual({ code: 1, message: '授权码无效或已过期，请重新进入', data: null });
    // A fresh one works.
    expect((await silent(await wechatCode(cookie))).body.data.bound).toBe(true);
  });

  it('the session of an exchanged code resolves header authcode for 2 h: a login after that binds nothing', async () => {
    const cookie = 'sbx_wx_openid=oSlowUser';
    const code = await wechatCode(cookie);
    expect((await silent(code)).body.data.bound).toBe(false);
    sb.clock.now += 2 * 3600_000 + 1;
    const phone = DEMO_PHONES.unsignedOperator;
    await sb.app.request(`/__sandbox/sms?phone=${phone}`, { method: 'DELETE' });
    await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    const sms = (await sb.get<{ code: string }>('/__sandbox/sms', null, { phone })).body.data.code;
    expect((await sb.post('/api/user/antLogin', null, { phone, code: sms }, { authcode: code })).body.code).toBe(0);
    expect((await silent(await wechatCode(cookie))).body.data.bound).toBe(false);
    expect((await silent(code)).body.code).toBe(1);
  });

  it('POST /__sandbox/oauth/expireCode makes a code expire now', async () => {
    const cookie = 'sbx_wx_openid=oExpired';
    await bind(cookie, DEMO_PHONES.kybOperator);
    const code = await wechatCode(cookie);
    expect((await sb.post('/__sandbox/oauth/expireCode', null, { code })).body.code).toBe(0);
    expect((await silent(code)).body.message).toBe('授权码无效或已过期，请重新进入');
    expect((await sb.post('/__sandbox/oauth/expireCode', null, { code: 'nope' })).body.code).toBe(1);
  });
});
