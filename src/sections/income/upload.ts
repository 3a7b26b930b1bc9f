import { uploadImage, type UploadKind } from '@/api/esign';

/**
 * The photo upload of the onboarding forms (D-income.md §5 edit-contract "Upload tile": the client compresses to
 * ≤ 1 MB, long edge 1600 px, JPEG 0.8, then POST uploadImage). Resolves `{ url }` as antd-mobile's ImageUploader
 * expects; rejects when the file is not an image the browser can read or the upload failed (the tile then shows
 * 上传失败，点击重试).
 */

/** Longest edge after compression, px. */
export const MAX_EDGE = 1600;
/** Largest upload after compression, bytes of the data URL's payload. */
export const MAX_BYTES = 1024 * 1024;

/** Draws `file` on a canvas no longer than MAX_EDGE and returns a JPEG data URL (quality 0.8, lower if too big). */
export async function compressImage(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.8, 0.6, 0.4]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (((url.length - url.indexOf(',') - 1) * 3) / 4 <= MAX_BYTES) return url;
  }
  throw new Error('图片过大，请重新选择');
}

/** Compresses and uploads one photo of `kind`; resolves the stored image's url. */
export async function uploadPhoto(kind: UploadKind, file: File): Promise<{ url: string }> {
  const image = await compressImage(file);
  const stored = await uploadImage({ bizType: kind, image });
  return { url: stored.url };
}
