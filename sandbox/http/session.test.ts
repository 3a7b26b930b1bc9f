import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sourceOf } from './session';

/** The source a password try is counted against (issue 31 item 6): a remote caller cannot choose it by a header. */
describe('sourceOf', () => {
  const app = new Hono().get('/', (c) => c.text(sourceOf(c)));
  const from = async (peer: string | undefined, forwarded?: string) => {
    const res = await app.request(
      '/',
      { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} },
      peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } },
    );
    return res.text();
  };

  it('is the peer address of a remote caller, whatever its X-Forwarded-For says', async () => {
    expect(await from('198.51.100.2')).toBe('198.51.100.2');
    expect(await from('198.51.100.2', '203.0.113.5')).toBe('198.51.100.2');
    expect(await from('2001:db8::1', '203.0.113.5')).toBe('2001:db8::1');
  });

  it("is the first forwarded address behind a proxy on this machine, else the proxy's", async () => {
    expect(await from('127.0.0.1', '203.0.113.5, 10.0.0.1')).toBe('203.0.113.5');
    expect(await from('::ffff:127.0.0.1', '203.0.113.6')).toBe('203.0.113.6');
    expect(await from('::1')).toBe('::1');
  });

  it("is the forwarded address of an in-process request, else 'local'", async () => {
    expect(await from(undefined, '203.0.113.7')).toBe('203.0.113.7');
    expect(await from(undefined)).toBe('local');
  });
});
