import { describe, expect, it } from 'vitest';
import { decideStartup, type StartupInput } from './startup';

/** Stand-ins of the two platforms (their own URL builders are tested under platform/). */
const wechat: StartupInput['platform'] = {
  appId: 'wx123',
  authCodeParam: 'code',
  isHost: (ua) => ua.includes('MicroMessenger'),
  authorizeUrl: (redirect) => `https://wechat.test/authorize?redirect_uri=${encodeURIComponent(redirect)}`,
};
const alipay: StartupInput['platform'] = {
  appId: '2021001',
  authCodeParam: 'auth_code',
  isHost: (ua) => ua.includes('AlipayClient'),
  authorizeUrl: (redirect) => `https://alipay.test/authorize?redirect_uri=${encodeURIComponent(redirect)}`,
};
const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit Mobile MicroMessenger/8.0.47 NetType/WIFI';
const ALIPAY_UA = 'Mozilla/5.0 (Linux; Android 13) AlipayClient/10.5.36 Language/zh-Hans';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36';

describe('startup (spec §4)', () => {
  it('step 1: outside both apps nothing runs', () => {
    expect(
      decideStartup({
        userAgent: DESKTOP_UA,
        storedAuthCode: 'x',
        search: '?code=1',
        origin: 'https://a',
        platform: wechat,
      }),
    ).toEqual({
      kind: 'outside',
    });
    expect(
      decideStartup({ userAgent: WECHAT_UA, storedAuthCode: null, search: '', origin: 'https://a', platform: alipay })
        .kind,
    ).toBe('outside');
  });

  it('step 2: a stored auth code is used (the address is not read)', () => {
    expect(
      decideStartup({
        userAgent: WECHAT_UA,
        storedAuthCode: 'stored',
        search: '?code=fresh',
        origin: 'https://a',
        platform: wechat,
      }),
    ).toEqual({ kind: 'run', authCode: 'stored', keep: false });
  });

  it('step 3: the code from the address (code in WeChat, auth_code in Alipay) is kept for the session', () => {
    expect(
      decideStartup({
        userAgent: WECHAT_UA,
        storedAuthCode: null,
        search: '?code=abc&state=r9a',
        origin: 'https://a',
        platform: wechat,
      }),
    ).toEqual({
      kind: 'run',
      authCode: 'abc',
      keep: true,
    });
    expect(
      decideStartup({
        userAgent: ALIPAY_UA,
        storedAuthCode: null,
        search: '?auth_code=zz&app_id=1',
        origin: 'https://a',
        platform: alipay,
      }),
    ).toEqual({
      kind: 'run',
      authCode: 'zz',
      keep: true,
    });
    // The other platform's parameter is not an auth code.
    expect(
      decideStartup({
        userAgent: ALIPAY_UA,
        storedAuthCode: null,
        search: '?code=abc',
        origin: 'https://a',
        platform: alipay,
      }).kind,
    ).toBe('authorize');
  });

  it('step 4: otherwise remembers the app id and goes to the platform page returning to /home', () => {
    const decision = decideStartup({
      userAgent: WECHAT_UA,
      storedAuthCode: null,
      search: '?x=1',
      origin: 'https://ops.example.com',
      platform: wechat,
    });
    expect(decision).toEqual({
      kind: 'authorize',
      appId: 'wx123',
      url: `https://wechat.test/authorize?redirect_uri=${encodeURIComponent('https://ops.example.com/home')}`,
    });
    const ali = decideStartup({
      userAgent: ALIPAY_UA,
      storedAuthCode: null,
      search: '',
      origin: 'https://ops.example.com',
      platform: alipay,
    });
    expect(ali).toMatchObject({ kind: 'authorize', appId: '2021001' });
  });
});
