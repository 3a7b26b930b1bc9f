import { describe, expect, it } from 'vitest';
import { businessToastText, classifyResponse, sessionToastText } from './outcome';

describe('error catalogue (spec §8)', () => {
  it('treats every HTTP status but 200, 304 and 400 as a network failure', () => {
    for (const status of [0, 201, 204, 301, 401, 403, 404, 500, 502, 503]) {
      expect(classifyResponse(status, { code: 0, data: 1 })).toEqual({ kind: 'network' });
    }
    for (const status of [200, 304, 400]) {
      expect(classifyResponse(status, { code: 0, data: 1 })).toEqual({ kind: 'ok', data: 1 });
    }
  });

  it('treats a body that is not an envelope as a network failure', () => {
    expect(classifyResponse(200, null)).toEqual({ kind: 'network' });
    expect(classifyResponse(200, '<html>')).toEqual({ kind: 'network' });
    expect(classifyResponse(200, { message: 'no code' })).toEqual({ kind: 'network' });
  });

  it('code 0 succeeds with data', () => {
    expect(classifyResponse(200, { code: 0, message: 'ok', data: { a: 1 } })).toEqual({ kind: 'ok', data: { a: 1 } });
  });

  it('codes 7 and 2 invalidate the session, with the body message or the default text', () => {
    const seven = classifyResponse(200, { code: 7, message: '登录已过期', data: null });
    expect(seven).toEqual({ kind: 'session', code: 7, message: '登录已过期' });
    const two = classifyResponse(200, { code: 2, data: null });
    expect(two.kind).toBe('session');
    if (two.kind === 'session') expect(sessionToastText(two)).toBe('登录已失效，请重新登录');
    if (seven.kind === 'session') expect(sessionToastText(seven)).toBe('登录已过期');
  });

  it('other codes are business errors: message, else msg', () => {
    expect(classifyResponse(200, { code: 1004, message: '账号或密码错误', data: null })).toEqual({
      kind: 'business',
      code: 1004,
      message: '账号或密码错误',
    });
    expect(classifyResponse(400, { code: 1, msg: '参数错误', data: null })).toEqual({
      kind: 'business',
      code: 1,
      message: '参数错误',
    });
    // neither: '' (the caller's fallback text decides)
    expect(classifyResponse(200, { code: 5, data: null })).toEqual({ kind: 'business', code: 5, message: '' });
  });

  it('the override text replaces the message; the override 2 silences it; handled codes are not toasted', () => {
    const outcome = { kind: 'business' as const, code: 1002, message: '该手机号未注册' };
    expect(businessToastText(outcome)).toBe('该手机号未注册');
    expect(businessToastText(outcome, { errorText: '自定义提示' })).toBe('自定义提示');
    expect(businessToastText(outcome, { errorText: 2 })).toBeNull();
    expect(businessToastText(outcome, { handles: [1002] })).toBeNull();
    expect(businessToastText(outcome, { handles: [1003] })).toBe('该手机号未注册');
    expect(businessToastText({ kind: 'business', code: 9, message: '' })).toBe('操作失败，请稍后重试');
  });
});
