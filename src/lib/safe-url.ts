/**
 * URLs from the server, made safe before they reach an attribute, a style or the browser's navigation (issue 12 item
 * 9): every `href`, `src`, `poster`, CSS `url(…)`, `window.open` and `location` of the app that carries text from the
 * server passes through one of these (test/unit/xss-sinks.test.ts finds the sinks in the code; the XSS corpus of
 * test/fixtures/xss-vectors.jsonl runs through them in Chromium, test/e2e/xss.test.ts). Anything else — javascript:,
 * vbscript:, data: documents, protocol-relative or malformed addresses — becomes '' (nothing is loaded or opened).
 */

/** The page's own origin, the base of relative addresses (a fixed one outside a browser). */
function base(): string {
  return typeof location === 'undefined' ? 'https://app.invalid' : location.origin;
}

/**
 * An http(s) address of a link or a document, or a path of the app's own origin ('/…', never '//…'), normalised by the
 * browser's own URL parser (which strips tabs and line breaks as navigation would); '' for anything else.
 */
export function safeUrl(text: string | null | undefined): string {
  if (!text) return '';
  const trimmed = text.trim();
  // '//host', '/\host' and '\host' all leave the origin: browsers read a backslash in a path as a slash
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(trimmed) || /^[/\\][/\\]/.test(trimmed) || trimmed.startsWith('\\')) return '';
  let url: URL;
  try {
    url = new URL(trimmed, base());
  } catch {
    return '';
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
}

/** An image address: as safeUrl, or an inline raster image (data:image/png|jpeg|gif|webp;base64); '' otherwise. */
export function safeImageUrl(text: string | null | undefined): string {
  if (text && /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/.test(text)) return text;
  return safeUrl(text);
}

/** A CSS `url("…")` of an image address (safeImageUrl), or 'none'; the address cannot leave the string. */
export function cssUrl(text: string | null | undefined): string {
  const url = safeImageUrl(text);
  return url ? `url("${url.replace(/["\\\n\r]/g, (ch) => `\\${ch.charCodeAt(0).toString(16)} `)}")` : 'none';
}

/** A `tel:` link of a phone number (digits, + and - kept; spaces and anything else dropped); '' when none is left. */
export function telHref(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/[^0-9+-]/g, '');
  return digits ? `tel:${digits}` : '';
}
