import { beforeEach, describe, expect, it } from 'vitest';
import { isPermissionCorrupt, SessionStore } from './session';

const login = {
  token: 'a'.repeat(32),
  expireTime: 0,
  accountId: 10001,
  accountType: 1 as const,
  name: '杭州易充科技',
  phone: '138****8000',
  permission: ['home', 'site:view'],
  extendPermission: {
    accountType: 1 as const,
    mainAccountId: 10001,
    parentId: null,
    settleMode: 1 as const,
    signStatus: 2 as const,
    dataScope: 1 as const,
    coinEnabled: true,
    withdrawEnabled: true,
  },
};

describe('session values (spec §3, §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('a refused auth code is forgotten for a new authorisation once a session; the second refusal keeps it', () => {
    const session = new SessionStore();
    session.setAuthCode('used-code');
    expect(session.startReauthorization()).toBe(true);
    expect(session.authCode).toBeNull();
    expect(sessionStorage.getItem('authCode')).toBeNull();
    session.setAuthCode('fresh-code');
    expect(new SessionStore().startReauthorization()).toBe(false);
    expect(sessionStorage.getItem('authCode')).toBe('fresh-code');
  });

  it('stores TOKEN, PERMISSION (a JSON array) and ExtendPermission in local storage', () => {
    const session = new SessionStore();
    session.applyLogin(login);
    expect(localStorage.getItem('TOKEN')).toBe(login.token);
    expect(localStorage.getItem('PERMISSION')).toBe('["home","site:view"]');
    expect(JSON.parse(localStorage.getItem('ExtendPermission') ?? '{}')).toMatchObject({ settleMode: 1 });
    expect(new SessionStore().loggedIn).toBe(true);
    expect(session.can('site:view')).toBe(true);
    expect(session.can('withdraw')).toBe(false);
  });

  it('keeps the auth code in session storage', () => {
    new SessionStore().setAuthCode('code-1');
    expect(sessionStorage.getItem('authCode')).toBe('code-1');
    expect(localStorage.getItem('authCode')).toBeNull();
  });

  it('the bracket check never triggers after a real login (it always stores a JSON array)', () => {
    const session = new SessionStore();
    session.applyLogin(login);
    expect(isPermissionCorrupt(localStorage.getItem('PERMISSION'))).toBe(false);
    session.applyLogin({ ...login, permission: [] });
    expect(isPermissionCorrupt(localStorage.getItem('PERMISSION'))).toBe(false);
    expect(isPermissionCorrupt('home,site:view')).toBe(true);
    expect(isPermissionCorrupt(null)).toBe(false);
  });

  it('clearLogin forgets the login but not the session auth code', () => {
    const session = new SessionStore();
    session.setAuthCode('c');
    session.applyLogin(login);
    session.clearLogin();
    expect(session.loggedIn).toBe(false);
    expect(localStorage.getItem('TOKEN')).toBeNull();
    expect(sessionStorage.getItem('authCode')).toBe('c');
  });
});
