/**
 * Calendar days for the specs, `YYYY-MM-DD` in this machine's time zone
 * (the standalone stack runs here too, so "today" agrees).
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` from today. */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return isoDay(date);
}

/** `day` plus `days`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return isoDay(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days, 12));
}

/** DD.MM.YYYY, as the shop shows dates. */
export function shown(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
