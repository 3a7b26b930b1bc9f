import type { PGlite } from '@electric-sql/pglite';
import { escapeHtml } from './html';

/**
 * The images the demo data refers to under /__sandbox/static (issue 13 item 7), drawn by code, sandbox only: what a user
 * sees in them reads as what they are, never as a file name.
 * - logos (a merchant's `logo-*`, an open-platform partner's `partner-*`, a bank's `bank-*`): the owner's mark — a
 *   merchant's or a partner's first character, a bank's usual one-character mark — in white on a coloured disc;
 * - photos (ID cards, licences, store and work-order photos, notice covers, posters): a picture glyph over the Chinese
 *   name of what the photo shows.
 * The file name only chooses the colour. Every image is an SVG (the demo rows keep their .png / .jpg names).
 */

/** The CJK fonts of the phones and of the test machine, in that order. */
const CJK_FONTS = "'PingFang SC','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif";

/** A hue (0–359) derived from a file name: the same file always gets the same colour. */
function hueOf(fileName: string): number {
  return [...fileName].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
}

/**
 * A logo (SVG, 240 × 240): the first character of `mark` in white on a disc of a colour derived from `fileName`; `bolt`
 * adds the small charging bolt of a charging merchant. An empty mark draws the bolt alone. Never the file name.
 */
export function markLogoSvg(mark: string, fileName: string, bolt = false): string {
  const initial = escapeHtml(Array.from(mark.trim())[0] ?? '');
  const hue = hueOf(fileName);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,52%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,38%)"/></linearGradient></defs>` +
    `<circle cx="120" cy="120" r="120" fill="url(#g)"/>` +
    (initial
      ? `<text x="120" y="150" font-family="${CJK_FONTS}" font-size="104" font-weight="600" fill="#fff" ` +
        `text-anchor="middle">${initial}</text>` +
        (bolt ? `<path d="M176 150 l-18 30 h14 l-8 26 24-34 h-14 l10-22z" fill="#ffd54a"/>` : '')
      : `<path d="M132 52 l-48 78 h36 l-16 58 64-88 h-38 l22-48z" fill="#ffd54a"/>`) +
    `</svg>`
  );
}

/**
 * A merchant's logo: the first character of its name with the charging bolt (the operator's logo since 38d83c7);
 * a name-less logo shows the bolt alone.
 */
export function merchantLogoSvg(merchantName: string, fileName: string): string {
  return markLogoSvg(merchantName, fileName, true);
}

/**
 * A bank's one-character mark, as its app icon and its customers name it: the first character of the name without the
 * leading 中国 (中国工商银行 → 工, 招商银行 → 招, 中国邮政储蓄银行 → 邮), and 中 for 中国银行 itself.
 */
export function bankMark(bankName: string): string {
  const name = bankName.trim();
  const rest = name.startsWith('中国') ? name.slice(2) : name;
  return Array.from(rest === '银行' || rest === '' ? name : rest)[0] ?? '';
}

/** What a demo photo shows, by the start of its file name (sandbox/db/seed: IMG(...)). */
const PHOTO_CAPTIONS: [RegExp, string][] = [
  [/^idfront/, '身份证人像面'],
  [/^idback/, '身份证国徽面'],
  [/^license/, '营业执照'],
  [/^authletter/, '授权委托书'],
  [/^store/, '门店照片'],
  [/^workorder/, '施工照片'],
  [/^notice/, '公告配图'],
  [/^poster/, '推广海报'],
];

/** The Chinese name of what a demo photo shows (示例图片 when its kind is unknown). */
export function photoCaption(fileName: string): string {
  const base = fileName.replace(/^.*\//, '');
  return PHOTO_CAPTIONS.find(([pattern]) => pattern.test(base))?.[1] ?? '示例图片';
}

/** A photo stand-in (SVG, 320 × 240): a picture glyph (a sun over hills) above `caption`, on a light tinted card. */
export function photoSvg(caption: string, fileName: string): string {
  const hue = hueOf(fileName);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">` +
    `<rect width="320" height="240" rx="12" fill="hsl(${hue},45%,94%)"/>` +
    `<circle cx="186" cy="70" r="16" fill="hsl(${hue},70%,60%)"/>` +
    `<path d="M104 136 l34-44 24 30 16-18 38 32z" fill="hsl(${hue},40%,62%)"/>` +
    `<text x="160" y="190" font-family="${CJK_FONTS}" font-size="26" fill="hsl(${hue},30%,30%)" ` +
    `text-anchor="middle">${escapeHtml(caption)}</text></svg>`
  );
}

/** The file names under /__sandbox/static that are drawn here. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg)$/i;

/**
 * The SVG drawn for a demo image file (the path under /__sandbox/static), or null when the file is not an image. A logo
 * looks its owner up by the row that refers to it (account.logo, open_partner.logo, bank.bank_logo).
 */
export async function demoImageSvg(db: PGlite, fileName: string): Promise<string | null> {
  if (!IMAGE_FILE.test(fileName)) return null;
  const ownerName = async (sql: string) => (await db.query<{ name: string }>(sql, [fileName])).rows[0]?.name ?? '';
  if (/^logo-[\w-]+\.\w+$/.test(fileName)) {
    return merchantLogoSvg(
      await ownerName(
        `select coalesce(nullif(short_name, ''), name) as name from account where logo like '%/' || $1 limit 1`,
      ),
      fileName,
    );
  }
  if (/^partner-[\w-]+\.\w+$/.test(fileName)) {
    return markLogoSvg(await ownerName(`select name from open_partner where logo like '%/' || $1 limit 1`), fileName);
  }
  if (/^bank-[\w-]+\.\w+$/.test(fileName)) {
    return markLogoSvg(
      bankMark(await ownerName(`select bank_name as name from bank where bank_logo like '%/' || $1 limit 1`)),
      fileName,
    );
  }
  return photoSvg(photoCaption(fileName), fileName);
}
