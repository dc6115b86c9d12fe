/** Calendar arithmetic on UTC day numbers (days since 1970-01-01), without Date objects on hot paths. */

export const DAY = 86_400;
export const HOUR = 3_600;

export interface Civil {
  y: number;
  /** 1–12 */
  m: number;
  /** 1–31 */
  d: number;
}

export function dayOf(t: number): number {
  return Math.floor(t / DAY);
}

/** Day number of a civil date (H. Hinnant's days_from_civil). */
export function dayFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date of a day number (H. Hinnant's civil_from_days). */
export function civil(day: number): Civil {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: era * 400 + yoe + (m <= 2 ? 1 : 0), m, d };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Months counted from year 0: y * 12 + (m - 1). */
export function monthIndexOf(c: Civil): number {
  return c.y * 12 + c.m - 1;
}

export function monthStartDay(monthIndex: number): number {
  return dayFromCivil(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, 1);
}

export function daysInMonth(monthIndex: number): number {
  return monthStartDay(monthIndex + 1) - monthStartDay(monthIndex);
}

/** The given day of the month, moved to the next Monday when it falls on a weekend. */
export function businessDayOnOrAfter(monthIndex: number, dayOfMonth: number): number {
  let day = monthStartDay(monthIndex) + Math.min(dayOfMonth, daysInMonth(monthIndex)) - 1;
  while (weekday(day) === 0 || weekday(day) === 6) day++;
  return day;
}

/** The given day of the month, moved to the Friday before when it falls on a weekend. */
export function businessDayOnOrBefore(monthIndex: number, dayOfMonth: number): number {
  let day = monthStartDay(monthIndex) + Math.min(dayOfMonth, daysInMonth(monthIndex)) - 1;
  while (weekday(day) === 0 || weekday(day) === 6) day--;
  return day;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** "12/03" (day/month) as French bank texts print dates. */
export function ddmm(day: number): string {
  const c = civil(day);
  return `${pad2(c.d)}/${pad2(c.m)}`;
}

/** "12MAR" as British bank texts print dates. */
export function ddMon(day: number): string {
  const c = civil(day);
  return `${pad2(c.d)}${MONTHS_EN_SHORT[c.m - 1]}`;
}

export const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
export const MONTHS_FR_BANK = ['JANVIER', 'FEVRIER', 'MARS', 'AVRIL', 'MAI', 'JUIN', 'JUILLET', 'AOUT', 'SEPTEMBRE', 'OCTOBRE', 'NOVEMBRE', 'DECEMBRE'];
export const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const MONTHS_EN_SHORT = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
