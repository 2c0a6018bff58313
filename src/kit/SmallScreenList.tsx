import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/**
 * A list's rows as the screen allows: the table on a tablet or wider, `small` (a react-admin SimpleList, as
 * react-admin's demo does) on a phone, where a table's columns and row buttons would run off the screen.
 */
export const SmallScreenList = ({ small, children }: { small: ReactElement; children: ReactNode }) => {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return isSmall ? small : children;
};
