import qrcode from 'qrcode-generator';

/**
 * QR codes of the texts the app shows as images (a socket's charging URL, a backup code), through the maintained
 * qrcode-generator library: error correction level M, byte mode, the smallest version that holds the text.
 */

/** Largest version used: a text that needs more is refused (the screens show 二维码内容过长). */
const MAX_VERSION = 10;

/**
 * Encodes a text as a QR Code (level M, UTF-8 bytes). Returns the matrix rows (true = dark module), or null when the
 * text does not fit in version 10 (213 bytes).
 */
export function qrMatrix(text: string): boolean[][] | null {
  const qr = qrcode(0, 'M');
  // Byte mode takes one character per byte: hand it the UTF-8 bytes.
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  try {
    qr.make();
  } catch {
    return null;
  }
  const size = qr.getModuleCount();
  if (size > 17 + 4 * MAX_VERSION) return null;
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}
