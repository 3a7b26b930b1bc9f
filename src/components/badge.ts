/** A red badge's text: '' for 0, the number up to 99, '99+' above (A §3 bell badge, C /mine badges). */
export function badgeText(count: number | null | undefined): string {
  if (!count || count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}
