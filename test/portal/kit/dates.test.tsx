import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { DateField, formatDate, formatDateParts, formatDay, parseDay } from '../../../src/kit/dates';

const ROOT = join(import.meta.dirname, '../../..');

/** Every source file of the portal, as a path from the repository's root. */
const sources = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** What writes a date in the browser's or Intl's own form (mm/dd/yyyy in en-US), and where it may. */
const BYPASSES = [
  /\.toLocaleDateString\(/,
  /\.toLocaleString\(/,
  /\.toLocaleTimeString\(/,
  /Intl\.DateTimeFormat/,
  /from 'date-fns/,
  /type="date"/,
  /type="datetime-local"/,
  /\bDate(Time)?Input\b/,
];

describe('the one date rule', () => {
  it('writes a day as dd/mm/yyyy, with two digits for the day and the month', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(formatDate(new Date(2026, 10, 25, 14, 5, 9), { time: true })).toBe('14:05:09 25/11/2026');
    expect(formatDate(new Date(2027, 11, 28).toISOString())).toBe('28/12/2027');
    expect(formatDate(new Date(2027, 11, 28).getTime())).toBe('28/12/2027');
  });

  it('keeps a day without a time on that day, and shows nothing for no date', () => {
    expect(formatDate('2026-03-04')).toBe('04/03/2026');
    expect(formatDay('2026-03-04')).toBe('04/03/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
  });

  it("writes a chart's short labels in the same order, never Intl's words or dashes", () => {
    const moment = new Date(2026, 10, 5, 14, 0);
    expect(formatDateParts(moment, { month: '2-digit', year: 'numeric' })).toBe('11/2026');
    expect(formatDateParts(moment, { day: '2-digit', month: '2-digit' })).toBe('05/11');
    expect(formatDateParts(moment, { hour: '2-digit', minute: '2-digit' })).toBe('14:00');
    expect(
      formatDateParts(moment, {
        hour: '2-digit',
        minute: '2-digit',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }),
    ).toBe('14:00 05/11/2026');
  });

  it('reads a day typed as dd/mm/yyyy, and refuses mm/dd/yyyy and days not in the calendar', () => {
    expect(parseDay('25/11/2026')).toBe('2026-11-25');
    expect(parseDay(' 5/1/2026 ')).toBe('2026-01-05');
    expect(parseDay('11/25/2026')).toBeNull();
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('2026-11-25')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it("shows a record's date, and its time, by the rule", () => {
    render(
      <AdminContext>
        <RecordContextProvider value={{ id: 1, created: new Date(2026, 1, 3, 8, 4, 2).toISOString() }}>
          <span data-testid="day">
            <DateField source="created" />
          </span>
          <span data-testid="time">
            <DateField source="created" showTime />
          </span>
          <span data-testid="none">
            <DateField source="missing" emptyText="—" />
          </span>
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByTestId('day')).toHaveTextContent(/^03\/02\/2026$/);
    expect(screen.getByTestId('time')).toHaveTextContent(/^08:04:02 03\/02\/2026$/);
    expect(screen.getByTestId('none')).toHaveTextContent(/^—$/);
  });

  it('is the only way the portal writes a date: no screen formats one itself', () => {
    const offenders = sources('src')
      .filter((path) => path !== 'src/kit/dates.tsx')
      .flatMap((path) => {
        const text = readFileSync(join(ROOT, path), 'utf8');
        const lines = text.split('\n');
        return lines.flatMap((line, index) =>
          BYPASSES.some((pattern) => pattern.test(line))
            ? [`${relative(ROOT, join(ROOT, path))}:${index + 1}: ${line.trim()}`]
            : [],
        );
      });
    expect(offenders).toEqual([]);
  });

  it("imports react-admin's DateField nowhere but in the kit", () => {
    const offenders = sources('src').filter(
      (path) =>
        path !== 'src/kit/dates.tsx' &&
        /import\s*\{[^}]*\bDateField\b[^}]*\}\s*from\s*'react-admin'/s.test(
          readFileSync(join(ROOT, path), 'utf8'),
        ),
    );
    expect(offenders).toEqual([]);
  });
});
