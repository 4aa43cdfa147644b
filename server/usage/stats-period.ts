import { monthStart } from '../catalog/tiers.js';
import { ApiError } from '../http/api-error.js';

export type StatsPeriod = 'last_day' | 'last_week' | 'last_month' | 'last_90_days' | 'last_year' | 'current_month' | 'custom';

const DAY_MS = 86_400_000;
/** The rolling periods, in days back from now. */
const ROLLING_DAYS = { last_day: 1, last_week: 7, last_month: 30, last_90_days: 90, last_year: 365 } as const;
/** A custom period spans at most this many days (a year and a leap day). */
const MAX_CUSTOM_DAYS = 366;

/** Midnight UTC of a `YYYY-MM-DD` day; anything else (2026-02-30 included) is 400 `bad_request`. */
function dayStart(day: string | undefined, field: 'start_date' | 'end_date'): Date {
  if (day === undefined) throw new ApiError('bad_request', `A custom period needs ${field} (YYYY-MM-DD)`, { field });
  const date = new Date(`${day}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw new ApiError('bad_request', `${field} is not a calendar day (YYYY-MM-DD)`, { field, detail: day });
  }
  return date;
}

/**
 * The instants [from, until) of a usage-stats period: rolling periods end now, `current_month`
 * starts on the first of this UTC month, `custom` covers its two UTC days and those between.
 */
export function statsPeriodRange(period: StatsPeriod, now: Date, startDate?: string, endDate?: string): { from: Date; until: Date } {
  if (period === 'current_month') return { from: monthStart(now), until: now };
  if (period !== 'custom') return { from: new Date(now.getTime() - ROLLING_DAYS[period] * DAY_MS), until: now };
  const from = dayStart(startDate, 'start_date');
  const until = new Date(dayStart(endDate, 'end_date').getTime() + DAY_MS);
  if (from >= until) throw new ApiError('bad_request', 'start_date must not be after end_date', { field: 'start_date', detail: `${startDate} > ${endDate}` });
  const days = Math.round((until.getTime() - from.getTime()) / DAY_MS);
  if (days > MAX_CUSTOM_DAYS) throw new ApiError('bad_request', `A custom period may span at most ${MAX_CUSTOM_DAYS} days`, { field: 'start_date', detail: `${days} days asked` });
  return { from, until };
}

/** Start of every UTC hour or day that overlaps [from, until), oldest first. */
export function bucketStarts(from: Date, until: Date, bucket: 'hour' | 'day'): string[] {
  const step = bucket === 'hour' ? 3_600_000 : DAY_MS;
  const starts: string[] = [];
  for (let t = Math.floor(from.getTime() / step) * step; t < until.getTime(); t += step) starts.push(new Date(t).toISOString());
  return starts;
}
