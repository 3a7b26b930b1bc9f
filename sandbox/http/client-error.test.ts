import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors, MALFORMED, URL_TOO_LONG } from './client-error';

/**
 * Parser errors answered with the envelope (issue 31 item 4): a URL over 16 KB and a malformed request, sent raw to a
 * Node server with the handler sandbox/main.ts installs.
 */

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('{"code":0,"message":"success","data":null}'));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `raw` and resolves the whole answer: its status and body. */
function send(raw: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body });
    });
  });
}

describe('parser errors', () => {
  it('answers a URL over 16 KB with HTTP 431 and the envelope', async () => {
    const answer = await send(`GET /api/site/list?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 1, message: URL_TOO_LONG, data: null });
  });

  it('answers a malformed request with HTTP 400 and the envelope', async () => {
    const answer = await send('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ code: 1, message: MALFORMED, data: null });
  });

  it('leaves a request within the limits to the app', async () => {
    const answer = await send(
      `GET /api/site/list?q=${'a'.repeat(8 * 1024)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 0 });
  });
});
