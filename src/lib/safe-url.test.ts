import { afterEach, describe, expect, it, vi } from 'vitest';
import { cssUrl, safeImageUrl, safeUrl, telHref } from './safe-url';

/**
 * The URL guards of src/lib/safe-url.ts (issue 12 item 9; C-mine.md "/mine/message/upgrads/info" and 帮助中心 show server
 * HTML whose links and images pass through them; Shared behaviour › Phone: call icon `tel:`), tested through their
 * exports with hostile text: javascript:, vbscript:, data: documents, protocol-relative and malformed addresses,
 * mixed case, whitespace and control characters must all come out as '' (or 'none' for CSS), while http(s) addresses
 * and paths of the app's own origin come out normalised by the URL parser.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Text that must never become an address (safeUrl gives ''). */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JAVASCRIPT:alert(document.cookie)',
  '  javascript:alert(1)  ',
  '\u00a0javascript:alert(1)',
  '\t\njavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'java\u0000script:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript\u007f:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'Data:image/svg+xml,<svg onload=alert(1)>',
  'file:///etc/passwd',
  'ftp://files.example/x',
  'blob:https://a.example/0b6f1a52',
  'about:blank',
  'mailto:a@b.example',
  '//evil.example/x',
  '  //evil.example',
  '\\\\evil.example',
  '\\evil.example',
  '/\\evil.example',
  '/\\evil.example/x?y',
  'https://a.example/\tx',
  'https://a.example/\nx',
  'https://exa mple.com/',
  'http://',
  'http://[::1',
];

describe('safeUrl', () => {
  it('refuses scripts, documents, other schemes, protocol-relative, control characters and malformed addresses', () => {
    for (const text of HOSTILE) expect(safeUrl(text), JSON.stringify(text)).toBe('');
  });

  it('gives "" for nothing', () => {
    expect(safeUrl(null)).toBe('');
    expect(safeUrl(undefined)).toBe('');
    expect(safeUrl('')).toBe('');
  });

  it('keeps http(s) addresses, normalised (scheme and host lower-cased, a root path added)', () => {
    expect(safeUrl('https://a.example/p?q=1#h')).toBe('https://a.example/p?q=1#h');
    expect(safeUrl('http://a.example')).toBe('http://a.example/');
    expect(safeUrl('HTTPS://A.Example/Path')).toBe('https://a.example/Path');
    expect(safeUrl('HtTp://a.example/')).toBe('http://a.example/');
  });

  it('trims surrounding whitespace, as navigation would', () => {
    expect(safeUrl('  https://a.example/x \n')).toBe('https://a.example/x');
    expect(safeUrl('\t/mine/set ')).toBe(`${location.origin}/mine/set`);
  });

  it("resolves the app's own paths against the page's origin", () => {
    expect(location.origin).toMatch(/^https?:\/\//);
    expect(safeUrl('/mine/message?id=3#top')).toBe(`${location.origin}/mine/message?id=3#top`);
    expect(safeUrl('mine/set')).toBe(`${location.origin}/mine/set`);
  });

  it('resolves paths against a fixed https origin outside a browser (no location)', () => {
    vi.stubGlobal('location', undefined);
    expect(safeUrl('/mine/set')).toBe('https://app.invalid/mine/set');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('https://a.example/x')).toBe('https://a.example/x');
  });
});

describe('safeImageUrl', () => {
  it('keeps inline base64 raster images as they are', () => {
    for (const type of ['png', 'jpeg', 'gif', 'webp']) {
      const text = `data:image/${type};base64,iVBORw0KGgo+/AA=`;
      expect(safeImageUrl(text)).toBe(text);
    }
  });

  it('refuses other inline images and anything appended to the base64', () => {
    for (const text of [
      'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:image/png,rawbytes',
      'data:image/png;base64,',
      'data:image/png;base64,AAAA" onerror="alert(1)',
      'data:image/png;base64,AAAA\n',
      'DATA:image/png;base64,AAAA',
      'data:IMAGE/PNG;base64,AAAA',
      ' data:image/png;base64,AAAA',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      expect(safeImageUrl(text), JSON.stringify(text)).toBe('');
    }
  });

  it('treats other addresses as safeUrl does', () => {
    expect(safeImageUrl('https://img.example/a.png')).toBe('https://img.example/a.png');
    expect(safeImageUrl('/static/a.png')).toBe(`${location.origin}/static/a.png`);
    for (const text of HOSTILE) expect(safeImageUrl(text), JSON.stringify(text)).toBe('');
    expect(safeImageUrl(null)).toBe('');
    expect(safeImageUrl(undefined)).toBe('');
  });
});

describe('cssUrl', () => {
  it('wraps an image address in url("…")', () => {
    expect(cssUrl('https://img.example/a.png')).toBe('url("https://img.example/a.png")');
    expect(cssUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('url("data:image/png;base64,iVBORw0KGgo=")');
  });

  it('gives none when there is no safe image', () => {
    expect(cssUrl(null)).toBe('none');
    expect(cssUrl(undefined)).toBe('none');
    expect(cssUrl('')).toBe('none');
    expect(cssUrl('javascript:alert(1)')).toBe('none');
    expect(cssUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBe('none');
  });

  it('escapes a backslash as a CSS hex escape, so that it cannot escape the closing quote', () => {
    // the URL parser keeps a backslash in the query and the fragment
    expect(cssUrl('https://img.example/a.png?q=a\\b#c\\')).toBe('url("https://img.example/a.png?q=a\\5c b#c\\5c ")');
  });

  it('lets no quote out of the string: the URL parser encodes it before the escape', () => {
    expect(cssUrl('https://img.example/a.png?q=") no-repeat;x:url(')).toBe(
      'url("https://img.example/a.png?q=%22)%20no-repeat;x:url(")',
    );
  });
});

describe('telHref', () => {
  it('keeps digits, + and -, and drops everything else (spaces included)', () => {
    expect(telHref('13800138000')).toBe('tel:13800138000');
    expect(telHref('+86-138-0013-8000')).toBe('tel:+86-138-0013-8000');
    expect(telHref('0755-12345678')).toBe('tel:0755-12345678');
    expect(telHref('138 0013 8000')).toBe('tel:13800138000');
    expect(telHref('(0755) 1234.5678')).toBe('tel:075512345678');
  });

  it('cannot carry markup or another scheme', () => {
    expect(telHref('13800138000"><img src=x onerror=alert()>')).toBe('tel:13800138000');
    expect(telHref('javascript:alert(1)')).toBe('tel:1');
  });

  it('gives "" when no digit, + or - is left', () => {
    expect(telHref(null)).toBe('');
    expect(telHref(undefined)).toBe('');
    expect(telHref('')).toBe('');
    expect(telHref('无')).toBe('');
    expect(telHref(' *#. ')).toBe('');
  });
});
