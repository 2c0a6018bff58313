import {
  DataTable,
  type DataTableColumnProps,
  type DateFieldProps,
  DateField as RaDateField,
} from 'react-admin';

/**
 * The one date rule: dates show in the vi-VN locale (as the spec says), through the browser's Intl
 * (18/11/2026, 14:05:09 18/11/2026). Intl rather than date-fns: it formats exactly as react-admin's
 * DateField does with `locales="vi-VN"`, and costs no code to load.
 */
export const DATE_LOCALE = 'vi-VN';

/** A date (an ISO string, a timestamp or a Date) as text: the day, or the day and time with `time`. */
export const formatDate = (value: string | number | Date | null | undefined, { time = false } = {}) => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return time ? date.toLocaleString(DATE_LOCALE) : date.toLocaleDateString(DATE_LOCALE);
};

/** A date with the parts `options` names (a chart's short labels: 18/11, 11/2026, 14:00). */
export const formatDateParts = (value: string | number | Date, options: Intl.DateTimeFormatOptions) =>
  new Date(value).toLocaleString(DATE_LOCALE, options);

/** A number as the dates' locale writes it (1.234). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  value.toLocaleString(DATE_LOCALE, options);

/** react-admin's DateField in the dates' locale. */
export const DateField = (props: DateFieldProps) => <RaDateField locales={DATE_LOCALE} {...props} />;

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
