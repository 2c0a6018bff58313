import { Typography } from '@mui/material';
import {
  DataTable,
  type DataTableColumnProps,
  type DateFieldProps as RaDateFieldProps,
  sanitizeFieldRestProps,
  useFieldValue,
  useTranslate,
} from 'react-admin';
import { numberLocale } from '../i18n';

/**
 * The one date rule: every date shows in the vi-VN form the spec asks for, day first with two digits for
 * the day and the month (25/11/2026, 05/01/2026), and a time before its day (14:05:09 25/11/2026). The text
 * is put together here from the date's parts in the browser's time zone rather than by `toLocale…`: Intl's
 * vi-VN leaves the day and month unpadded (5/1/2026), writes a month and year in words ("tháng 11, 2026")
 * and a day and month with a dash (25-11), and a browser's ICU may differ from Node's. Nothing else in
 * src/ formats a date (test/portal/kit/dates.test.tsx checks the sources).
 */
export const DATE_LOCALE = 'vi-VN';

const pad = (value: number) => String(value).padStart(2, '0');

/** A day without a time (`2026-11-25`): that day, whatever the time zone (as react-admin's DateField does). */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const toDate = (value: string | number | Date): Date => {
  if (value instanceof Date) return value;
  const day = typeof value === 'string' ? DAY_ONLY.exec(value) : null;
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return new Date(value);
};

type Part = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second';
type Parts = Partial<Record<Part, unknown>>;

const write = (date: Date, parts: Parts) => {
  const day = [
    parts.day ? pad(date.getDate()) : '',
    parts.month ? pad(date.getMonth() + 1) : '',
    parts.year ? String(date.getFullYear()) : '',
  ].filter(Boolean);
  const time = [
    parts.hour ? pad(date.getHours()) : '',
    parts.minute ? pad(date.getMinutes()) : '',
    parts.second ? pad(date.getSeconds()) : '',
  ].filter(Boolean);
  return [time.join(':'), day.join('/')].filter(Boolean).join(' ');
};

const DAY = { day: true, month: true, year: true } as const;
const DAY_AND_TIME = { ...DAY, hour: true, minute: true, second: true } as const;

/**
 * A date (an ISO string, a `yyyy-mm-dd` day, a timestamp or a Date) as text: the day (25/11/2026), or the
 * time and day with `time` (14:05:09 25/11/2026). Nothing for no value; what was given when it is no date.
 */
export const formatDate = (value: string | number | Date | null | undefined, { time = false } = {}) => {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return write(date, time ? DAY_AND_TIME : DAY);
};

/**
 * A date with only the parts `options` names, in the same form (a chart's short labels: 25/11, 11/2026,
 * 14:00, 14:00 25/11/2026). Only which parts are named counts, not how Intl would write them.
 */
export const formatDateParts = (value: string | number | Date, options: Intl.DateTimeFormatOptions) =>
  write(toDate(value), options as Parts);

/** A `yyyy-mm-dd` day as the rule writes it (25/11/2026); what was given when it is no day. */
export const formatDay = (day: string) => (DAY_ONLY.test(day) ? formatDate(day) : day);

/**
 * A day typed as the rule writes it (25/11/2026; 5/1/2026 too, and dots or dashes between) as `yyyy-mm-dd`,
 * or null when it is not a day of the calendar.
 */
export const parseDay = (text: string): string | null => {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [date, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(year, month - 1, date);
  if (value.getFullYear() !== year || value.getMonth() !== month - 1 || value.getDate() !== date) return null;
  return `${year}-${pad(month)}-${pad(date)}`;
};

/** A number as the interface's language writes it (1,234 in English, 1.234 in Vietnamese). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  value.toLocaleString(numberLocale(), options);

export type DateFieldProps = Omit<RaDateFieldProps, 'locales' | 'options' | 'showDate' | 'transform'>;

/** A record's date as the rule writes it (with its time when `showTime`): react-admin's DateField, kept to the rule. */
export const DateField = (props: DateFieldProps) => {
  const { className, emptyText, showTime = false, ...rest } = props;
  const translate = useTranslate();
  const value = useFieldValue(props);
  const text =
    value === null || value === undefined || value === ''
      ? emptyText && translate(emptyText, { _: emptyText })
      : formatDate(value, { time: showTime });
  if (!text) return null;
  return (
    <Typography component="span" variant="body2" className={className} {...sanitizeFieldRestProps(rest)}>
      {text}
    </Typography>
  );
};

/** A table column of a date (with its time when `showTime`): the column and its field in one. */
export const DateColumn = ({
  source,
  showTime,
  emptyText,
  ...column
}: DataTableColumnProps & { source: string; showTime?: boolean; emptyText?: string }) => (
  <DataTable.Col source={source} {...column}>
    <DateField source={source} showTime={showTime} emptyText={emptyText} />
  </DataTable.Col>
);
