import { NONCE_LENGTH } from '@/config/constants';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random nonce of `length` (default 32, spec §9) letters and digits, from crypto.getRandomValues. Used for the
 * camera-cloud body and for the requestId of money-moving calls (D-income.md §0.5).
 */
export function createNonce(length: number = NONCE_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}
