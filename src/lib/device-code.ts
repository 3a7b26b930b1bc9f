/**
 * Reading scanned or typed codes (B-site.md §0.4 "Scanning"): device codes on the labels of boxes, guards, gates,
 * cameras and smoke sensors, and platform QR stickers (socket codes and spare codes, `{platform QR domain}/q/{code}`).
 * Pure functions: the screens show `error` as a toast.
 */

/** A device serial number (B §0.4, entities Device.serialNumber). */
export const SERIAL_PATTERN = /^[0-9A-Za-z]{6,20}$/;
/** A sticker code (entities QrSticker.code). */
export const STICKER_PATTERN = /^[0-9A-Za-z]{8,16}$/;

/** Toasts of §0.4. */
export const CODE_MESSAGES = {
  badDevice: '无法识别的设备码',
  notSticker: '非本平台二维码，请扫描平台提供的二维码贴纸',
  deviceNotSticker: '这是设备码，请扫描二维码贴纸',
} as const;

/** Outcome of reading a code: the value, or the text to toast. */
export type CodeResult = { ok: true; value: string } | { ok: false; error: string };

function asUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * Reads a device code (B §0.4): a URL gives its query parameter `sn`, else `serialNumber`, else `no`, else its last
 * path segment; any other text is taken as is. Trimmed; it must match ^[0-9A-Za-z]{6,20}$, else 无法识别的设备码.
 */
export function parseDeviceCode(raw: string): CodeResult {
  const text = raw.trim();
  const url = asUrl(text);
  let value = text;
  if (url) {
    const params = url.searchParams;
    const segments = url.pathname.split('/').filter(Boolean);
    value = params.get('sn') ?? params.get('serialNumber') ?? params.get('no') ?? segments[segments.length - 1] ?? '';
  }
  value = value.trim();
  return SERIAL_PATTERN.test(value) ? { ok: true, value } : { ok: false, error: CODE_MESSAGES.badDevice };
}

/**
 * Reads a platform QR sticker (B §0.4): a URL whose path is /q/{code} with code ^[0-9A-Za-z]{8,16}$, on the platform
 * QR domain when `platformOrigin` is given (e.g. https://qr.example.com); a device code scanned instead gives
 * 这是设备码，请扫描二维码贴纸; anything else 非本平台二维码，请扫描平台提供的二维码贴纸.
 */
export function parseSticker(raw: string, platformOrigin?: string): CodeResult {
  const text = raw.trim();
  const url = asUrl(text);
  if (url) {
    const match = /^\/q\/([^/]+)\/?$/.exec(url.pathname);
    const onDomain = !platformOrigin || url.origin === new URL(platformOrigin).origin;
    if (match?.[1] && onDomain && STICKER_PATTERN.test(match[1])) return { ok: true, value: match[1] };
    if (!match && parseDeviceCode(text).ok && deviceParamOf(url))
      return { ok: false, error: CODE_MESSAGES.deviceNotSticker };
    return { ok: false, error: CODE_MESSAGES.notSticker };
  }
  if (SERIAL_PATTERN.test(text)) return { ok: false, error: CODE_MESSAGES.deviceNotSticker };
  return { ok: false, error: CODE_MESSAGES.notSticker };
}

/** True when a URL carries a device parameter (a device label's QR code). */
function deviceParamOf(url: URL): boolean {
  return ['sn', 'serialNumber', 'no'].some((key) => url.searchParams.has(key));
}
