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

/**
 * The requestId of a money action (D-income.md §0.5): 32 hexadecimal characters from crypto.getRandomValues, made when
 * the action's form opens and kept across a timeout or a network failure, so that a retry is answered with the first
 * result.
 */
export function createRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
