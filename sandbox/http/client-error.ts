import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { INVALID } from './envelope';

/**
 * Requests the HTTP parser refuses before the app sees them, answered with the envelope (issue 31 item 4) instead of
 * Node's bare status line: a request line and headers over Node's 16 KB (a URL too long) → HTTP 431 with `{ code: 1,
 * message: URL_TOO_LONG, data: null }`; any other malformed request → HTTP 400 with `{ code: 1, message:
 * MALFORMED, data: null }`. A socket already closed by the client is destroyed without an answer.
 */

/** Message of a request whose URL and headers pass Node's 16 KB. */
export const URL_TOO_LONG = '请求地址过长（地址与请求头合计上限16 KB）';
/** Message of a request the HTTP parser cannot read. */
export const MALFORMED = '请求格式错误';

/** Installs the envelope answer for parser errors on `server` (sandbox/main.ts). */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({ code: INVALID, message: tooLong ? URL_TOO_LONG : MALFORMED, data: null });
    socket.end(
      `HTTP/1.1 ${tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
