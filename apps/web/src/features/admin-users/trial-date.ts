/**
 * The trial-end date input works in whole days of the admin's browser: a day typed means the end
 * of that day there, and an instant shows as its local day.
 */
export function dayInputOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The end of a typed day (23:59:59.999 local) as ISO, or null for a malformed one. */
export function endOfDayIso(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return d.getDate() === Number(m[3]) ? d.toISOString() : null;
}
