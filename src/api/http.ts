import { createAlova, type Method } from 'alova';
import adapterFetch from 'alova/fetch';
import reactHook from 'alova/react';
import { MESSAGES, REQUEST_TIMEOUT_MS, SESSION_INVALID_CLOSE_DELAY_MS } from '@/config/constants';
import { settings } from '@/config/env';
import { requestSettled, requestStarted } from '@/lib/idle';
import { ApiError, businessToastText, classifyResponse, sessionToastText, type CallMeta } from './outcome';

/**
 * The one request layer (spec §7, §8, §9; ARCHITECTURE.md "Requests"): a single alova instance with the fetch
 * adapter. POST sends a JSON body, GET query parameters; timeout 30 000 ms; headers token, authcode, client,
 * instanceId. Every answer goes through the error catalogue here, and only here: screens never toast transport or
 * business errors again. Calls resolve with the envelope's `data` and reject with an ApiError.
 */

declare module 'alova' {
  interface AlovaCustomTypes {
    meta: CallMeta;
  }
}

/**
 * One page of a paged list (ARCHITECTURE "Paged lists"): the answer to `{ pageNum, pageSize }` (pageNum from 1). A list
 * with figures of its own (a summary, a sum) extends it.
 */
export interface Page<T> {
  list: T[];
  /** Rows of the whole list, every page. */
  total: number;
}

/** Side effects of the catalogue, injected by boot (and by tests). */
export interface HttpEffects {
  /** A centred toast for 2000 ms. */
  toast(text: string): void;
  /** Shows or hides the loading indicator (UI loading flag). */
  setLoading(on: boolean): void;
  /** Clears local and session storage. */
  clearStorage(): void;
  /** Closes the embedded page through the platform. */
  closeWindow(): void;
  /** Runs `fn` after `ms` (setTimeout in the app; a fake clock in tests). */
  schedule(fn: () => void, ms: number): void;
}

/** What the request layer needs from the running app. */
export interface HttpContext {
  /** Header `client`: r9a_weixin or alipay (the Platform's value). */
  client: string;
  /** Header `token`: the stored TOKEN, or null. */
  getToken(): string | null;
  /** Header `authcode`: the session's auth code, or null. */
  getAuthCode(): string | null;
  effects: HttpEffects;
}

let context: HttpContext | null = null;

/** Installs the running app's context; boot calls it once before any call. */
export function configureHttp(next: HttpContext): void {
  context = next;
}

function wantsLoading(method: Method): boolean {
  const meta = method.meta ?? {};
  return meta.loading ?? method.type === 'POST';
}

/** Applies the catalogue to one HTTP answer; returns the data or throws an ApiError after telling the user. */
async function handleResponse(response: Response, method: Method): Promise<unknown> {
  const effects = context?.effects;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const outcome = classifyResponse(response.status, body);
  switch (outcome.kind) {
    case 'ok':
      return outcome.data;
    case 'network':
      effects?.toast(MESSAGES.network);
      throw new ApiError('network', null, MESSAGES.network);
    case 'session': {
      const text = sessionToastText(outcome);
      if (effects) {
        effects.clearStorage();
        effects.toast(text);
        effects.schedule(() => effects.closeWindow(), SESSION_INVALID_CLOSE_DELAY_MS);
      }
      throw new ApiError('session', outcome.code, text);
    }
    case 'business': {
      const text = businessToastText(outcome, method.meta ?? {});
      if (text !== null) effects?.toast(text);
      throw new ApiError('business', outcome.code, outcome.message);
    }
  }
}

/** The alova instance every api module declares its calls on. */
export const http = createAlova({
  baseURL: settings.apiBaseUrl,
  timeout: REQUEST_TIMEOUT_MS,
  requestAdapter: adapterFetch(),
  statesHook: reactHook,
  // Money and device status must never be served from a stale cache.
  cacheFor: null,
  beforeRequest(method) {
    const headers = method.config.headers as Record<string, string>;
    headers.client = context?.client ?? '';
    headers.instanceId = settings.instanceId;
    const token = context?.getToken();
    if (token) headers.token = token;
    const authCode = context?.getAuthCode();
    if (authCode) headers.authcode = authCode;
    if (wantsLoading(method)) context?.effects.setLoading(true);
    // Work queued for after the first screen waits while the app's requests are in flight (src/lib/idle.ts).
    requestStarted();
  },
  responded: {
    async onSuccess(response, method) {
      // The loading indicator hides after every response (spec §8), before any toast is shown.
      context?.effects.setLoading(false);
      return handleResponse(response, method);
    },
    onError(error: unknown) {
      // No HTTP answer at all: timeout or no connection (spec §8: network failure).
      context?.effects.setLoading(false);
      context?.effects.toast(MESSAGES.network);
      throw new ApiError('network', null, error instanceof Error ? error.message : MESSAGES.network);
    },
    onComplete() {
      requestSettled();
    },
  },
});

/** Declares a GET call with query parameters. */
export function get<T>(url: string, params?: object, meta?: CallMeta) {
  return http.Get<T>(url, { params: params as Record<string, unknown> | undefined, meta });
}

/** Declares a POST call with a JSON body. */
export function post<T>(url: string, body?: object, meta?: CallMeta) {
  return http.Post<T>(url, body ?? {}, { meta });
}
