import { describe, expect, it } from 'vitest';
import {
  activeTab,
  tabBarVisible,
  tabNavigation,
  titleWithCardType,
  transitionBetween,
  upgradePopupDue,
} from './shell-rules';
import { gate, isBindPath } from './gate';
import { ROUTES, flatRoutes, isBuilt } from './routes';

describe('tab bar (spec §2)', () => {
  it('the active tab follows the path: /mine, then /site, then /income, else home', () => {
    expect(activeTab('/mine')).toBe('mine');
    expect(activeTab('/mine/card')).toBe('mine');
    expect(activeTab('/site')).toBe('site');
    expect(activeTab('/site/siteInfo')).toBe('site');
    expect(activeTab('/income/withdraw')).toBe('income');
    expect(activeTab('/')).toBe('home');
    expect(activeTab('/home')).toBe('home');
    expect(activeTab('/stages/index')).toBe('home');
    // "contains": /mine wins over /site when both appear
    expect(activeTab('/mine/site-list')).toBe('mine');
  });

  it('tapping the active tab does nothing; another tab goes to its route with isShowModal=1', () => {
    expect(tabNavigation('/home', 'home')).toBeNull();
    expect(tabNavigation('/', 'home')).toBeNull();
    expect(tabNavigation('/site', 'site')).toBeNull();
    expect(tabNavigation('/home', 'site')).toBe('/site?isShowModal=1');
    expect(tabNavigation('/site', 'income')).toBe('/income?isShowModal=1');
    expect(tabNavigation('/income', 'mine')).toBe('/mine?isShowModal=1');
    expect(tabNavigation('/mine', 'home')).toBe('/home?isShowModal=1');
  });

  it('shows only with the footer flag, a token and at most one path segment', () => {
    expect(tabBarVisible(true, true, '/')).toBe(true);
    expect(tabBarVisible(true, true, '/home')).toBe(true);
    expect(tabBarVisible(true, true, '/site')).toBe(true);
    expect(tabBarVisible(true, true, '/site/add')).toBe(false);
    expect(tabBarVisible(false, true, '/home')).toBe(false);
    expect(tabBarVisible(true, false, '/home')).toBe(false);
  });
});

describe('page transitions (spec §2)', () => {
  it('fade across sections or at the same depth; slide left deeper; slide right up', () => {
    expect(transitionBetween('/home', '/site')).toBe('fade');
    expect(transitionBetween('/', '/home')).toBe('fade');
    expect(transitionBetween('/site', '/site/add')).toBe('slide-left');
    expect(transitionBetween('/site/add', '/site')).toBe('slide-right');
    expect(transitionBetween('/site/siteInfo', '/site/socket')).toBe('fade');
    expect(transitionBetween('/home', '/stages/index')).toBe('fade');
    expect(transitionBetween('/mine/card/tab/list', '/mine/card')).toBe('slide-right');
  });
});

describe('cardType title rule (spec §2)', () => {
  it('replaces 套餐卡 for cardType 1–4 and leaves other values alone', () => {
    expect(titleWithCardType('套餐卡列表', '1')).toBe('站点储值卡列表');
    expect(titleWithCardType('套餐卡列表', '2')).toBe('站点月卡列表');
    expect(titleWithCardType('套餐卡详情', '3')).toBe('区域储值卡详情');
    expect(titleWithCardType('添加套餐卡', '4')).toBe('添加电子卡');
    expect(titleWithCardType('套餐卡列表', '5')).toBe('套餐卡列表');
    expect(titleWithCardType('套餐卡列表', null)).toBe('套餐卡列表');
    expect(titleWithCardType('首页', '1')).toBe('首页');
  });
});

describe('upgrade popup rule (spec §2, controlled clock)', () => {
  const cutoff = 1536883200000;
  it('shows only when upgradeTips is absent and now <= the cutoff', () => {
    expect(upgradePopupDue(null, cutoff)).toBe(true);
    expect(upgradePopupDue(null, cutoff - 1)).toBe(true);
    expect(upgradePopupDue(null, cutoff + 1)).toBe(false);
    expect(upgradePopupDue('1', cutoff - 1)).toBe(false);
    expect(upgradePopupDue(null, Date.UTC(2026, 0, 1))).toBe(false);
  });
});

describe('login gate (spec §4)', () => {
  it('without a token every route goes to /mine/bind keeping the query', () => {
    expect(gate('/home', '?code=abc&state=r9a', null, null)).toEqual({
      kind: 'redirect',
      to: '/mine/bind?code=abc&state=r9a',
      clearStorage: false,
    });
    expect(gate('/site', '', null, null)).toEqual({ kind: 'redirect', to: '/mine/bind', clearStorage: false });
    expect(gate('/nowhere', '?a=1', null, null)).toMatchObject({ kind: 'redirect', to: '/mine/bind?a=1' });
  });

  it('exempts the bind pages (bind, register, find-pass) and only them', () => {
    expect(gate('/mine/bind', '', null, null)).toEqual({ kind: 'pass' });
    expect(gate('/mine/bind/register', '?phone=1', null, null)).toEqual({ kind: 'pass' });
    expect(gate('/mine/bind/find-pass', '', null, null)).toEqual({ kind: 'pass' });
    expect(isBindPath('/mine/binding')).toBe(false);
    expect(gate('/mine', '', null, null).kind).toBe('redirect');
  });

  it('passes with a token and a bracketed permission; a permission without a bracket is an invalid session', () => {
    expect(gate('/home', '', 'tok', '["home"]')).toEqual({ kind: 'pass' });
    expect(gate('/home', '', 'tok', null)).toEqual({ kind: 'pass' });
    expect(gate('/home', '?x=1', 'tok', 'home,site:view')).toEqual({
      kind: 'redirect',
      to: '/mine/bind?x=1',
      clearStorage: true,
    });
  });
});

describe('route table (spec §2)', () => {
  it('holds every route with a Chinese title, paths unique', () => {
    const paths = flatRoutes(ROUTES).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of flatRoutes(ROUTES)) expect(route.title).toMatch(/[\u4e00-\u9fa5]/);
    for (const path of [
      '/site/siteInof/siteData/expensesSet',
      '/income/KYBCheck',
      '/mine/card/tab/list/info/recharge-recods',
    ]) {
      expect(paths).toContain(path);
    }
    for (const [path, title] of [
      ['/', '首页'],
      ['/site', '站点列表'],
      ['/mine/bind', '登录/绑定手机'],
      ['/mine/card/tab/list', '套餐卡列表'],
      ['/income/withdraw', '提现'],
      ['/compact/index/order-list', '未签约订单'],
    ]) {
      expect(flatRoutes(ROUTES).find((r) => r.path === path)?.title).toBe(title);
    }
  });

  it('knows which screens are built', () => {
    expect(isBuilt('/home')).toBe(true);
    expect(isBuilt('/')).toBe(true);
    expect(isBuilt('/site?isShowModal=1')).toBe(true);
    expect(isBuilt('/mine/bind/register')).toBe(true);
    expect(isBuilt('/site/siteInfo/facilityList?siteId=1')).toBe(true);
    expect(isBuilt('/site/siteInfo/siteData/expensesSet?siteId=1')).toBe(true);
    expect(isBuilt('/mine/card')).toBe(true);
    expect(isBuilt('/no/such/route')).toBe(false);
  });
});
