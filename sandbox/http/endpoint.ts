import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import type { z, ZodType } from 'zod';
import type { PermissionCode } from '../../src/api/permissions';
import { ACCESS_HEADER, AccessDenied, Scope, forbidden, type AccessOutcome, type AccountType } from './access';
import { fail, input, ok } from './envelope';
import { resolveCaller, type Caller, type SandboxEnv } from './session';
import type { Touch, TouchKind } from './touch';

/**
 * The one way an API endpoint of the sandbox is declared (issue 12 item 4; README "Adding a sandbox endpoint"): with
 * who may call it, the schema of its request and what it touches. The registry runs, in this order and before the
 * handler: the token (code 2 / 7), the permission and account type (403 无操作权限), the one input reader (code 1 /
 * 413), and the check of the object the request names (touch.ts: code 1 "…不存在或无权查看" or 403). The handler gets
 * the caller, its Scope (the only source of the caller's site ids), the parsed input and the checked object, and
 * returns the envelope's data (or a Response). Each answer carries the decision in X-Sandbox-Access (AccessOutcome;
 * 'invalid-input' when the request was refused by its schema before the object was checked), and every
 * declaration is listed (declaredEndpoints) for the access matrix and the generated hostile input, so a new endpoint
 * is tested without anyone adding it by hand.
 *
 *   const api = endpoints(db, now);
 *   api.get('/api/site/haveCard', {
 *     permission: 'site:view',
 *     input: z.object({ siteId: z.coerce.number().int().positive() }),
 *     touches: touches.site((q) => q.siteId, 'view'),
 *   }, async ({ target }) => ({ cardCount: await cardsBound(db, target.id) }));
 *   return api.app;
 */

/**
 * Who may call an endpoint: 'public' (no token: sign-in, SMS codes, the signature), 'login' (any logged-in account),
 * a permission code of the contract, or any of several codes.
 */
export type Who = 'public' | 'login' | PermissionCode | { anyOf: readonly PermissionCode[] };

/** The declaration of one endpoint. */
export interface EndpointSpec<S extends ZodType, T, W extends Who> {
  /** Who may call it (Who). */
  permission: W;
  /** Account types that may call it (default: every type); others answer 403 无操作权限. */
  accountTypes?: readonly AccountType[];
  /** The request's schema: the JSON body of a POST, the query of a GET (query values are strings: z.coerce). */
  input: S;
  /** What it touches (touch.ts `touches.*`): the kind of data, and the check of the object the request names. */
  touches: Touch<z.output<S>, T>;
}

/** What a handler gets. */
export interface EndpointContext<I, T, W extends Who> {
  c: Context<SandboxEnv>;
  /** The logged-in caller (null for a public endpoint). */
  caller: W extends 'public' ? null : Caller;
  /** The caller's data scope (null for a public endpoint): every list, count and sum over sites starts here. */
  scope: W extends 'public' ? null : Scope;
  /** The validated request. */
  input: I;
  /** The object the request names, checked (null for touches without an object). */
  target: T;
}

/** A declared endpoint as the tests read it. */
export interface EndpointInfo {
  method: 'GET' | 'POST';
  path: string;
  permission: Who;
  accountTypes: readonly AccountType[] | null;
  input: ZodType;
  touch: TouchKind;
}

const declared = new WeakMap<object, EndpointInfo[]>();

/** The endpoints declared on a routes app made by `endpoints` ([] for any other app). */
export function declaredEndpoints(app: object): EndpointInfo[] {
  return declared.get(app) ?? [];
}

/** True when the caller may use an endpoint declared with `permission` and `accountTypes`. */
function allowed(caller: Caller, permission: Who, accountTypes: readonly AccountType[] | undefined): boolean {
  if (accountTypes && !accountTypes.includes(caller.account.accountType)) return false;
  if (permission === 'login' || permission === 'public') return true;
  const codes = typeof permission === 'string' ? [permission] : permission.anyOf;
  return codes.some((code) => caller.account.permissions.includes(code));
}

/**
 * A routes app on which endpoints are declared (`get`, `post`); mount `app` with app.route('/', …) and the registry
 * lists them. `now` is the business clock (epoch ms).
 */
export function endpoints(db: PGlite, now: () => number) {
  const app = new Hono<SandboxEnv>();
  const list: EndpointInfo[] = [];
  declared.set(app, list);

  const on =
    (method: 'GET' | 'POST') =>
    <S extends ZodType, T, const W extends Who>(
      path: string,
      spec: EndpointSpec<S, T, W>,
      handler: (ctx: EndpointContext<z.output<S>, T, W>) => unknown,
    ): void => {
      list.push({
        method,
        path,
        permission: spec.permission,
        accountTypes: spec.accountTypes ?? null,
        input: spec.input,
        touch: spec.touches.kind,
      });
      app.on(method, path, async (c) => {
        const open = spec.permission === 'public';
        const decided = (outcome: AccessOutcome) => c.header(ACCESS_HEADER, outcome);
        try {
          let caller: Caller | null = null;
          let scope: Scope | null = null;
          if (!open) {
            caller = await resolveCaller(db, c.req.header('token'), now());
            if (!allowed(caller, spec.permission, spec.accountTypes)) throw forbidden();
            scope = new Scope(db, caller);
          }
          decided('invalid-input');
          const parsed = (await input(c, spec.input)) as z.output<S>;
          decided(open ? 'public' : 'granted');
          const target = await spec.touches.resolve(db, scope, parsed);
          const result = await handler({ c, caller, scope, input: parsed, target } as EndpointContext<
            z.output<S>,
            T,
            W
          >);
          return result instanceof Response ? result : ok(c, result ?? null);
        } catch (error) {
          if (!(error instanceof AccessDenied)) throw error;
          decided(error.outcome);
          return fail(c, error.code, error.message);
        }
      });
    };

  return { app, get: on('GET'), post: on('POST') };
}
