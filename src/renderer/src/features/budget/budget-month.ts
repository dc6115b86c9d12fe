/** Budget months as the page writes them in its address: `YYYY-MM`, moved a month at a time. */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export function isMonth(text: string | null): text is string {
  return text !== null && /^(199\d|2[01]\d\d)-(0[1-9]|1[0-2])$/.test(text);
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The middle of the month in UTC seconds (for the app's month formatters). */
export function monthSeconds(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m - 1, 15) / 1000;
}
