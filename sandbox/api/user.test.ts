import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/** Login and session rules (A-shell-home-settlement.md §2 and "Business rules: Login and session"). */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb } = openSandboxForFile(NOW);

/** Goes through the sandbox's WeChat authorisation page as a browser with `cookie`, returns the code. */
async function wechatCode(cookie: string): Promise<string> {
  const config = loadConfig();
  const page = await sb.app.request(
    `/__sandbox/oauth/wechat/connect/oauth2/authorize?appid=${config.wechatAppId}&redirect_uri=${encodeURIComponent(
      'http://localhost/home',
    )}&response_type=code&scope=snsapi_userinfo&state=r9a`,
  );
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('允许');
  const consent = await sb.app.request('/__sandbox/oauth/wechat/consent', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: `redirect_uri=${encodeURIComponent('http://localhost/home')}&state=r9a`,
  });
  expect(consent.status).toBe(302);
  const location = new URL(consent.headers.get('location') ?? '');
  expect(location.pathname).toBe('/home');
  expect(location.searchParams.get('state')).toBe('r9a');
  return location.searchParams.get('code') ?? '';
}

async function smsCode(phone: string): Promise<string> {
  const { body } = await sb.get<{ code: string }>('/__sandbox/sms', null, { phone });
  expect(body.code).toBe(0);
  return body.data.code;
}

describe('platform authorisation and binding', () => {
  it('refuses a wrong app id or redirect', async () => {
    const res = await sb.app.request(
      '/__sandbox/oauth/wechat/connect/oauth2/authorize?appid=wrong&redirect_uri=http%3A%2F%2Fx%2Fhome&response_type=code&scope=snsapi_userinfo',
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('appid 无效');
    const alipay = await sb.app.request(
      '/__sandbox/oauth/alipay/oauth2/publicAppAuthorize.htm?app_id=x&scope=auth_user',
    );
    expect(alipay.status).toBe(400);
  });

  it('an unbound platform user logs in by SMS, which binds it; the next code logs in silently', async () => {
    const cookie = 'sbx_wx_openid=oTestUser0001';
    const first = await wechatCode(cookie);
    const silent = await sb.post<{ bound: boolean }>('/wap/user/wapAntlogin', null, { code: first });
    expect(silent.body).toMatchObject({ code: 0, data: { bound: false } });

    expect((await sb.post('/api/user/verificationCode', null, { phone: '13800138004', type: 1 })).body.code).toBe(0);
    const login = await sb.post<{ token: string; accountType: number; permission: string[] }>(
      '/api/user/antLogin',
      null,
      { phone: '13800138004', code: await smsCode('13800138004') },
      { authcode: first },
    );
    expect(login.body.code).toBe(0);
    expect(login.body.data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(login.body.data.accountType).toBe(4);

    const again = await sb.post<{ bound: boolean; accountId: number; token: string }>('/wap/user/wapAntlogin', null, {
      code: await wechatCode(cookie),
    });
    expect(again.body.data).toMatchObject({ bound: true, accountId: 10005 });
    expect(again.body.data.token).toHaveLength(32);

    // A code of another browser is another platform user: not bound.
    const other = await sb.post<{ bound: boolean }>('/wap/user/wapAntlogin', null, {
      code: await wechatCode('sbx_wx_openid=oSomeoneElse'),
    });
    expect(other.body.data.bound).toBe(false);
    // An Alipay auth code is not a WeChat code.
    expect((await sb.post('/api/user/aliLoginByAuthCode', null, { authCode: first })).body.code).toBe(1);
  });
});

describe('SMS codes', () => {
  it('needs a registered phone for login and find-pass, an unregistered one for register', async () => {
    expect((await sb.post('/api/user/verificationCode', null, { phone: '13912345678', type: 1 })).body.code).toBe(1002);
    expect((await sb.post('/api/user/verificationCode', null, { phone: '13912345678', type: 3 })).body.code).toBe(1002);
    expect((await sb.post('/api/user/verificationCode', null, { phone: '13800138001', type: 2 })).body.code).toBe(1003);
  });

  it('waits 60 s between sends and allows 10 a day', async () => {
    const phone = '13800138005';
    expect((await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body.code).toBe(0);
    const again = await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    expect(again.body).toMatchObject({ code: 1007 });
    for (let i = 1; i < 10; i += 1) {
      sb.clock.now += 61_000;
      expect((await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body.code).toBe(0);
    }
    sb.clock.now += 61_000;
    expect((await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body).toMatchObject({
      code: 1008,
      message: '今日验证码发送次数已达上限',
    });
  });

  // A "Business rules: SMS": 60 s between sends per phone (src/api/rules.ts SMS_RESEND_SECONDS; sandbox/domain/sms.ts).
  it('the next send is refused until 60 s have passed, to the millisecond, and the answer says 60 s', async () => {
    const phone = DEMO_PHONES.heldOperator;
    sb.clock.now += 120_000;
    const first = await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    expect(first.body).toMatchObject({ code: 0, data: { resendSeconds: 60, expireSeconds: 300 } });
    const sentAt = sb.clock.now;
    for (const after of [1_000, 30_000, 59_999]) {
      sb.clock.now = sentAt + after;
      expect([after, (await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body]).toMatchObject([
        after,
        { code: 1007, message: '验证码发送过于频繁，请稍后再试' },
      ]);
    }
    sb.clock.now = sentAt + 60_000;
    expect((await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body.code).toBe(0);
  });

  it('a wrong code is 1001; five wrong tries invalidate the code; a used code is gone', async () => {
    const phone = '13800138002';
    sb.clock.now += 120_000;
    await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    const code = await smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await sb.post('/api/user/antLogin', null, { phone, code: wrong })).body.code).toBe(1001);
    }
    expect((await sb.post('/api/user/antLogin', null, { phone, code })).body.code).toBe(1001);
    sb.clock.now += 61_000;
    await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    const fresh = await smsCode(phone);
    expect((await sb.post('/api/user/antLogin', null, { phone, code: fresh })).body.code).toBe(0);
    expect((await sb.post('/api/user/antLogin', null, { phone, code: fresh })).body.code).toBe(1001);
  });

  it('a code expires after 5 minutes', async () => {
    const phone = '13800138006';
    sb.clock.now += 120_000;
    await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    const code = await smsCode(phone);
    sb.clock.now += 5 * 60_000 + 1;
    expect((await sb.post('/api/user/antLogin', null, { phone, code })).body.code).toBe(1001);
  });
});

describe('password login', () => {
  it('counts wrong passwords, locks after five for 30 minutes, while SMS login still works', async () => {
    const phone = '13800138007';
    const wrong = () => sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'wrong123' });
    for (let left = 4; left >= 1; left -= 1) {
      expect((await wrong()).body).toMatchObject({ code: 1004, message: `账号或密码错误，还可尝试${left}次` });
      sb.clock.now += 8_000; // past the wait after repeated wrong ones (at most 4 s)
    }
    expect((await wrong()).body.code).toBe(1005);
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'sandbox123' })).body.code).toBe(1005);
    sb.clock.now += 120_000;
    await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    expect((await sb.post('/api/user/antLogin', null, { phone, code: await smsCode(phone) })).body.code).toBe(0);
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'sandbox123' })).body.code).toBe(0);
  });

  it('locks out the source that guessed, not the owner elsewhere (issue 31 item 6)', async () => {
    const phone = '13800138002';
    const from = (source: string, password: string) =>
      sb.post('/api/user/antLoginWithPwd', null, { phone, password }, { 'x-forwarded-for': source });
    for (let i = 0; i < 4; i += 1) {
      expect((await from('203.0.113.9', 'wrong123')).body.code).toBe(1004);
      sb.clock.now += 8_000;
    }
    expect((await from('203.0.113.9', 'wrong123')).body.code).toBe(1005);
    expect((await from('203.0.113.9', 'sandbox123')).body.code).toBe(1005);
    // The owner, on another address, is not locked out, nor told of the other's tries.
    expect((await from('198.51.100.20', 'wrong123')).body).toMatchObject({
      code: 1004,
      message: '账号或密码错误，还可尝试4次',
    });
    expect((await from('198.51.100.20', 'sandbox123')).body.code).toBe(0);
    // The guesser stays locked for its 30 minutes.
    sb.clock.now += 29 * 60_000;
    expect((await from('203.0.113.9', 'sandbox123')).body.code).toBe(1005);
    sb.clock.now += 60_000;
    expect((await from('203.0.113.9', 'sandbox123')).body.code).toBe(0);
  });

  it('slows repeated wrong passwords down: 1 s after the 2nd, 2 s after the 3rd, 4 s after the 4th', async () => {
    const phone = '13800138001';
    const guess = (password = 'wrong123') => sb.post('/api/user/antLoginWithPwd', null, { phone, password });
    expect((await guess()).body.code).toBe(1004);
    expect((await guess()).body.code).toBe(1004);
    // Too soon: refused without being judged (the right password too), and not counted.
    expect((await guess('sandbox123')).body).toMatchObject({ code: 1007, message: '尝试过于频繁，请1秒后再试' });
    sb.clock.now += 1_000;
    expect((await guess()).body).toMatchObject({ code: 1004, message: '账号或密码错误，还可尝试2次' });
    sb.clock.now += 1_000;
    expect((await guess()).body).toMatchObject({ code: 1007, message: '尝试过于频繁，请1秒后再试' });
    sb.clock.now += 1_000;
    expect((await guess()).body).toMatchObject({ code: 1004, message: '账号或密码错误，还可尝试1次' });
    sb.clock.now += 3_000;
    expect((await guess('sandbox123')).body).toMatchObject({ code: 1007, message: '尝试过于频繁，请1秒后再试' });
    sb.clock.now += 1_000;
    expect((await guess('sandbox123')).body.code).toBe(0);
    // A right password starts the count again.
    expect((await guess()).body).toMatchObject({ code: 1004, message: '账号或密码错误，还可尝试4次' });
  });

  it('a guess spread over many sources closes password login after 20, SMS login stays open', async () => {
    const phone = '13800138004';
    const from = (source: string, password: string) =>
      sb.post('/api/user/antLoginWithPwd', null, { phone, password }, { 'x-forwarded-for': source });
    for (let i = 0; i < 20; i += 1) expect((await from(`192.0.2.${i + 1}`, 'wrong123')).body.code).toBe(1004);
    expect((await from('192.0.2.100', 'wrong123')).body.code).toBe(1005);
    expect((await from('198.51.100.30', 'sandbox123')).body.code).toBe(1005);
    sb.clock.now += 120_000;
    await sb.post('/api/user/verificationCode', null, { phone, type: 1 });
    expect((await sb.post('/api/user/antLogin', null, { phone, code: await smsCode(phone) })).body.code).toBe(0);
    sb.clock.now += 30 * 60_000;
    expect((await from('198.51.100.30', 'sandbox123')).body.code).toBe(0);
  });

  it('an unknown phone is 1002; bad input is a clear code-1 message', async () => {
    expect(
      (await sb.post('/api/user/antLoginWithPwd', null, { phone: '13912345679', password: 'abc12345' })).body.code,
    ).toBe(1002);
    const bad = await sb.post('/api/user/antLoginWithPwd', null, { phone: '12345', password: 'x' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ code: 1, message: '请输入正确的手机号' });
    const notJson = await sb.post('/api/user/antLoginWithPwd', null, '{"phone":');
    expect(notJson.body).toMatchObject({ code: 1, message: '请求体不是合法的JSON' });
  });
});

describe('register', () => {
  it('validates, refuses an agent invite code (1009), registers an agent under an operator code', async () => {
    const phone = '13700000001';
    sb.clock.now += 120_000;
    expect((await sb.post('/api/user/verificationCode', null, { phone, type: 2 })).body.code).toBe(0);
    const code = await smsCode(phone);
    const weak = await sb.post('/api/user/registerFactor', null, { phone, code, name: '测试', password: '123456' });
    expect(weak.body).toMatchObject({ code: 1, message: '密码须为6-20位字母与数字组合' });
    const agentCode = await sb.db.query<{ invite_code: string | null }>(
      'select invite_code from account where id = 10002',
    );
    if (agentCode.rows[0]?.invite_code) {
      const refused = await sb.post('/api/user/registerFactor', null, {
        phone,
        code,
        name: '测试代理',
        password: 'abc12345',
        inviteCode: agentCode.rows[0].invite_code,
      });
      expect(refused.body.code).toBe(1009);
    }
    expect(
      (
        await sb.post('/api/user/registerFactor', null, {
          phone,
          code,
          name: '测试代理',
          password: 'abc12345',
          inviteCode: 'ZZZZZZ',
        })
      ).body.code,
    ).toBe(1009);
    const ok = await sb.post<{ accountType: number; extendPermission: { parentId: number } }>(
      '/api/user/registerFactor',
      null,
      {
        phone,
        code,
        name: '测试代理',
        password: 'abc12345',
        inviteCode: 'yc8888',
      },
    );
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.accountType).toBe(2);
    expect(ok.body.data.extendPermission.parentId).toBe(10001);
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'abc12345' })).body.code).toBe(0);
  });
});

describe('find-pass and tokens', () => {
  it('validCode does not consume; findPass consumes, revokes every token and sets the new password', async () => {
    const phone = '13800138008';
    const oldToken = await sb.login(phone);
    expect((await sb.get('/api/user/getCommercialInfo', oldToken)).body.code).toBe(0);
    sb.clock.now += 120_000;
    await sb.post('/api/user/verificationCode', null, { phone, type: 3 });
    const code = await smsCode(phone);
    expect((await sb.post('/api/user/validCode', null, { phone, code, type: 3 })).body).toMatchObject({
      code: 0,
      data: { valid: true },
    });
    expect((await sb.post('/api/user/validCode', null, { phone, code, type: 3 })).body.code).toBe(0);
    expect((await sb.post('/api/user/findPass', null, { phone, code, password: 'newpass99' })).body.code).toBe(0);
    expect((await sb.post('/api/user/findPass', null, { phone, code, password: 'newpass99' })).body.code).toBe(1001);
    expect((await sb.get('/api/user/getCommercialInfo', oldToken)).body.code).toBe(2);
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'newpass99' })).body.code).toBe(0);
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'sandbox123' })).body.code).toBe(1004);
  });

  it('no token or an unknown one is code 2; an expired one is code 7; use slides the expiry', async () => {
    expect((await sb.get('/api/user/todayIncome', null)).body.code).toBe(2);
    expect((await sb.get('/api/user/todayIncome', 'f'.repeat(32))).body.code).toBe(2);
    const token = await sb.login(DEMO_PHONES.operator);
    sb.clock.now += 29 * 24 * 3600 * 1000;
    expect((await sb.get('/api/user/todayIncome', token)).body.code).toBe(0);
    sb.clock.now += 29 * 24 * 3600 * 1000;
    expect((await sb.get('/api/user/todayIncome', token)).body.code).toBe(0);
    sb.clock.now += 31 * 24 * 3600 * 1000;
    expect((await sb.get('/api/user/todayIncome', token)).body.code).toBe(7);
  });
});

describe('signature, unknown paths, faults', () => {
  it('computes the real JS-SDK signature', async () => {
    const url = 'http://127.0.0.1:8080/home?code=abc';
    const { body } = await sb.post<{ appId: string; timeStamp: number; nonceStr: string; signature: string }>(
      '/api/user/signature',
      null,
      { url },
    );
    expect(body.code).toBe(0);
    const config = loadConfig();
    expect(body.data.appId).toBe(config.wechatAppId);
    expect(body.data.nonceStr).toHaveLength(32);
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=${config.jsapiTicket}&noncestr=${body.data.nonceStr}&timestamp=${body.data.timeStamp}&url=${url}`,
      )
      .digest('hex');
    expect(body.data.signature).toBe(expected);
    expect((await sb.post('/api/user/signature', null, { url: `${url}#x` })).body.code).toBe(1);
    expect((await sb.post('/api/user/signature', null, {})).body.code).toBe(1);
  });

  it('answers an unknown API path with HTTP 404 and the envelope', async () => {
    const res = await sb.get('/api/user/noSuchThing', null);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    expect(res.body.message).toContain('接口不存在');
  });

  it('injects faults for the next calls of a path, and clears them', async () => {
    const token = await sb.login('13800138000', 'alipay'); // a fresh token (the clock moved on above)
    await sb.post('/__sandbox/faults', null, { path: '/api/user/siteCount', code: 7, message: '登录已过期', times: 2 });
    expect((await sb.get('/api/user/siteCount', token)).body).toMatchObject({ code: 7, message: '登录已过期' });
    expect((await sb.get('/api/user/siteCount', token)).body.code).toBe(7);
    expect((await sb.get('/api/user/siteCount', token)).body.code).toBe(0);
    await sb.post('/__sandbox/faults', null, { path: '/api/user/siteCount', httpStatus: 500 });
    expect((await sb.get('/api/user/siteCount', token)).status).toBe(500);
    await sb.post('/__sandbox/faults', null, { path: '/api/user/siteCount', httpStatus: 503 });
    await sb.app.request('/__sandbox/faults', { method: 'DELETE' });
    expect((await sb.get('/api/user/siteCount', token)).status).toBe(200);
    expect((await sb.post('/__sandbox/faults', null, { path: 'todayIncome' })).body.code).toBe(1);
  });
});

describe('demo merchant logos (issue 13 item 7)', () => {
  it("draws the merchant's initial, never the file name", async () => {
    // (read from the database: earlier tests of this file log the operator out)
    const { rows } = await sb.db.query<{ logo: string }>('select logo from account where phone = $1', [
      DEMO_PHONES.operator,
    ]);
    const logo = rows[0]?.logo ?? '';
    expect(logo).toMatch(/^\/__sandbox\/static\/logo-[\w-]+\.(png|svg)$/);
    const answer = await sb.app.request(logo);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await answer.text();
    expect(svg).toContain('>杭</text>');
    expect(svg).not.toContain(logo.replace(/^.*\//, '').replace(/\.\w+$/, ''));
  });
});
