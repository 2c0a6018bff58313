import {
  DEFAULT_REPORT_UNIT,
  defaultReportRange,
  REPORT_MAX_RANGE_DAYS,
  REPORT_UNITS,
  type ReportUnit,
} from '../../../contract/report';

/**
 * The reporting range (docs/requirements/billing-services-states.md) as the address keeps it: `?unit=month` (one unit back from now) or
 * `?from=2026-11-01&to=2026-11-07` (whole days, in the browser's time zone); neither is the default, one
 * DEFAULT_REPORT_UNIT back from now.
 */
export type RangeChoice = { kind: 'unit'; unit: ReportUnit } | { kind: 'dates'; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `yyyy-mm-dd` day as the local midnight that starts it, or null when it is not a day. */
export const startOfDay = (day: string): Date | null => {
  if (!DAY.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number);
  const value = new Date(year, month - 1, date);
  return value.getFullYear() === year && value.getMonth() === month - 1 && value.getDate() === date
    ? value
    : null;
};

/** The local `yyyy-mm-dd` of a moment (what a date input shows). */
export const dayOf = (moment: Date): string =>
  `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(moment.getDate()).padStart(2, '0')}`;

/** Why two days do not make a range (the catalogue key under portal.dashboard.range), or null when they do. */
export const rangeProblem = (from: string, to: string): string | null => {
  const start = startOfDay(from);
  const end = startOfDay(to);
  if (!start || !end) return 'invalidDate';
  if (start.getTime() > end.getTime()) return 'fromAfterTo';
  if ((end.getTime() - start.getTime()) / 86_400_000 + 1 > REPORT_MAX_RANGE_DAYS) return 'tooLong';
  return null;
};

/** The choice the address holds; the default when it holds none, or one that is not valid. */
export const choiceOf = (search: URLSearchParams): RangeChoice => {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && !rangeProblem(from, to)) return { kind: 'dates', from, to };
  const unit = search.get('unit') as ReportUnit | null;
  return { kind: 'unit', unit: unit && REPORT_UNITS.includes(unit) ? unit : DEFAULT_REPORT_UNIT };
};

/** The address query of a choice: nothing for the default. */
export const searchOf = (choice: RangeChoice): Record<string, string> => {
  if (choice.kind === 'dates') return { from: choice.from, to: choice.to };
  return choice.unit === DEFAULT_REPORT_UNIT ? {} : { unit: choice.unit };
};

/**
 * The moments a choice reads: one unit back from `now`, or from the start of the first day to the end of the
 * last (the next day's midnight).
 */
export const momentsOf = (choice: RangeChoice, now: Date): { from: Date; to: Date } => {
  if (choice.kind === 'unit') return defaultReportRange(now, choice.unit);
  const from = startOfDay(choice.from) as Date;
  const to = startOfDay(choice.to) as Date;
  to.setDate(to.getDate() + 1);
  return { from, to };
};
