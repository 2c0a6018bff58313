import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A heading of a SimpleTable: a catalogue key, or one with its alignment. */
export type SimpleTableHeading = string | { label: string; align?: 'left' | 'center' | 'right' };

/**
 * A small table that is not a resource's list (a history, a result, a matrix): its headings (catalogue
 * keys) and its rows (MUI TableRow and TableCell); it scrolls sideways when it is wider than the page.
 */
export const SimpleTable = ({
  headings,
  label,
  children,
  sx,
  focusable = false,
}: {
  headings: readonly SimpleTableHeading[];
  /** Names the table for screen readers (a catalogue key). */
  label?: string;
  children: ReactNode;
  sx?: object;
  /**
   * A table of text alone that may be wider than a phone: its scrolling box takes the focus, so that the
   * keyboard scrolls it too (a table of links or buttons scrolls as they take the focus).
   */
  focusable?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <TableContainer tabIndex={focusable ? 0 : undefined}>
      <Table size="small" aria-label={label ? translate(label) : undefined} sx={sx}>
        <TableHead>
          <TableRow>
            {headings.map((heading) => {
              const { label: key, align } = typeof heading === 'string' ? { label: heading } : heading;
              return (
                <TableCell key={key} align={align}>
                  {translate(key, { _: key })}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
};
