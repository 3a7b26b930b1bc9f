import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterInteractive, installIdleGate, openIdleGate, resetIdleForTests } from '@/lib/idle';
import { configureHttp, get, post, type HttpEffects } from './http';
import { ApiError } from './outcome';

/** Records what the request layer did. */
function fakeEffects() {
  const log: string[] = [];
  const scheduled: { fn: () => void; ms: number }[] = [];
  const effects: HttpEffects = {
    toast: (text) => log.push(`toast:${text}`),
    setLoading: (on) => log.push(`loading:${on}`),
    clearStorage: () => log.push('clear'),
    closeWindow: () => log.push('close'),
    schedule: (fn, ms) => scheduled.push({ fn, ms }),
  };
  return { log, scheduled, effects };
}

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('request layer (spec §7, §8, §9)', () => {
  let fx: ReturnType<typeof fakeEffects>;
  beforeEach(() => {
    fx = fakeEffects();
    configureHttp({
      client: 'r9a_weixin',
      getToken: () => 'tok123',
      getAuthCode: () => 'auth456',
      effects: fx.effects,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the four headers; POST with a JSON body, GET with query parameters', async () => {
    const fetchMock = answer(200, { code: 0, data: { ok: true } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(post('/api/user/antLogin', { phone: '13800138000' }).send()).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/antLogin');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ phone: '13800138000' });
    const headers = init.headers as Record<string, string>;
    expect(headers.token).toBe('tok123');
    expect(headers.authcode).toBe('auth456');
    expect(headers.client).toBe('r9a_weixin');
    expect('instanceId' in headers).toBe(true);

    await get('/api/user/todayIncome', { a: 1, b: 'x' }).send();
    const [getUrl, getInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(getUrl).toBe('/api/user/todayIncome?a=1&b=x');
    expect(getInit.method).toBe('GET');
  });

  it('shows the loading indicator for POST by default and hides it after the response', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 0, data: null }));
    await post('/api/x').send();
    expect(fx.log).toEqual(['loading:true', 'loading:false']);
    fx.log.length = 0;
    await get('/api/y').send();
    expect(fx.log).toEqual(['loading:false']);
  });

  it('HTTP 500 → centred toast 网络异常 and an ApiError of kind network', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 500, message: 'boom' }));
    const error = await get('/api/z')
      .send()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
    expect(fx.log).toContain('toast:网络异常');
  });

  it('no connection → 网络异常', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(get('/api/z').send()).rejects.toBeInstanceOf(ApiError);
    expect(fx.log).toContain('toast:网络异常');
  });

  it('times out after 30 000 ms as a network failure', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = get('/api/slow')
      .send()
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fx.log).not.toContain('toast:网络异常');
    await vi.advanceTimersByTimeAsync(2);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(fx.log).toContain('toast:网络异常');
  });

  it('code 7 or 2 → clears storage, toasts the message and closes the page 1600 ms later', async () => {
    for (const [code, body, text] of [
      [7, { code: 7, message: '登录已过期，请重新登录', data: null }, '登录已过期，请重新登录'],
      [2, { code: 2, data: null }, '登录已失效，请重新登录'],
    ] as const) {
      fx.log.length = 0;
      fx.scheduled.length = 0;
      vi.stubGlobal('fetch', answer(200, body));
      const error = await get('/api/user/todayIncome')
        .send()
        .catch((e: unknown) => e);
      expect((error as ApiError).kind).toBe('session');
      expect((error as ApiError).code).toBe(code);
      expect(fx.log).toEqual(['loading:false', 'clear', `toast:${text}`]);
      expect(fx.scheduled).toHaveLength(1);
      expect(fx.scheduled[0]?.ms).toBe(1600);
      fx.scheduled[0]?.fn();
      expect(fx.log.at(-1)).toBe('close');
    }
  });

  it('a business error toasts its message unless the caller silences it (override 2) or handles the code', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 1004, message: '账号或密码错误，还可尝试4次', data: null }));
    await expect(post('/api/user/antLoginWithPwd', {}).send()).rejects.toMatchObject({ code: 1004 });
    expect(fx.log).toContain('toast:账号或密码错误，还可尝试4次');
    fx.log.length = 0;
    await expect(get('/api/badge', {}, { errorText: 2 }).send()).rejects.toMatchObject({ code: 1004 });
    expect(fx.log.some((l) => l.startsWith('toast:'))).toBe(false);
    await expect(get('/api/badge', {}, { handles: [1004] }).send()).rejects.toMatchObject({ code: 1004 });
    expect(fx.log.some((l) => l.startsWith('toast:'))).toBe(false);
    await expect(get('/api/badge', {}, { errorText: '加载失败' }).send()).rejects.toMatchObject({ code: 1004 });
    expect(fx.log).toContain('toast:加载失败');
  });

  it('a 400 answer is read as an envelope', async () => {
    vi.stubGlobal('fetch', answer(400, { code: 1, msg: '参数错误', data: null }));
    await expect(get('/api/bad').send()).rejects.toMatchObject({ kind: 'business', code: 1 });
    expect(fx.log).toContain('toast:参数错误');
  });

  it('without a token or an authorisation code the request carries neither header', async () => {
    configureHttp({ client: 'alipay', getToken: () => null, getAuthCode: () => null, effects: fx.effects });
    const fetchMock = answer(200, { code: 0, data: null });
    vi.stubGlobal('fetch', fetchMock);
    await get('/api/user/todayIncome').send();
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers.client).toBe('alipay');
    expect('token' in headers).toBe(false);
    expect('authcode' in headers).toBe(false);
  });

  it('no connection hides the loading indicator before the toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(post('/api/x').send()).rejects.toMatchObject({ kind: 'network' });
    expect(fx.log).toEqual(['loading:true', 'loading:false', 'toast:网络异常']);
  });

  it("a POST's meta reaches the catalogue: a code the caller handles is not toasted", async () => {
    vi.stubGlobal('fetch', answer(200, { code: 2005, message: '到账银行卡不存在或已解绑', data: null }));
    await expect(post('/api/user/withdrawApply', {}, { handles: [2005] }).send()).rejects.toMatchObject({ code: 2005 });
    expect(fx.log.some((l) => l.startsWith('toast:'))).toBe(false);
  });

  it('before boot configures it, a call still goes out and fails with its ApiError, telling no one', async () => {
    vi.resetModules();
    const fresh = await import('./http');
    const fetchMock = answer(500, {});
    vi.stubGlobal('fetch', fetchMock);
    await expect(fresh.post('/api/x').send()).rejects.toMatchObject({ kind: 'network' });
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers.client ?? '').toBe(''); // an empty header may be dropped on the way
    expect('token' in headers).toBe(false);
    for (const [body, kind] of [
      [{ code: 7, message: '登录已过期，请重新登录', data: null }, 'session'],
      [{ code: 1004, message: '账号或密码错误', data: null }, 'business'],
    ] as const) {
      vi.stubGlobal('fetch', answer(200, body));
      await expect(fresh.get('/api/y').send()).rejects.toMatchObject({ kind, code: body.code });
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(fresh.get('/api/z').send()).rejects.toMatchObject({ kind: 'network', message: 'Failed to fetch' });
    expect(fx.log).toEqual([]);
  });

  it('a settled request lets the work queued for idle time go on at once (src/lib/idle.ts)', async () => {
    resetIdleForTests();
    installIdleGate();
    openIdleGate();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    let release: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(
                new Response(JSON.stringify({ code: 0, data: null }), {
                  status: 200,
                  headers: { 'Content-Type': 'application/json' },
                }),
              );
          }),
      ),
    );
    const sent = get('/api/user/todayIncome').send();
    await vi.waitFor(() => expect(release).toBeDefined());
    const task = vi.fn();
    void afterInteractive(task);
    expect(idle).toHaveLength(0); // a request is in flight: the queue waits
    release?.();
    await sent;
    expect(idle).toHaveLength(1); // not QUIET_WAIT_MAX_MS later
    idle[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
    resetIdleForTests();
  });
});
