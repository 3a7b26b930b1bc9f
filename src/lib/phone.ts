/**
 * A mainland mobile number as screens show it: 138****5678 (the middle four digits hidden). Anything that is not an
 * 11-digit mobile (a landline, a partial number) is shown as it is, trimmed; null or undefined gives ''.
 * Used wherever the designs show another person's phone (personal centre, share parties, properties, whitelist).
 */
export function maskPhone(phone: string | null | undefined): string {
  const value = (phone ?? '').trim();
  return /^1\d{10}$/.test(value) ? `${value.slice(0, 3)}****${value.slice(7)}` : value;
}
