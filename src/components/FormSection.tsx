import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A titled part of a long form (a landmark named by its title). */
export const FormSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Stack component="section" sx={{ width: '100%', mt: 2 }} aria-label={translate(title)}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Stack>
  );
};

/**
 * A form's inputs side by side from the `from` breakpoint up (md by default), stacked on a smaller screen;
 * `centered` lines them up on their middle (a switch beside an input and its helper text).
 */
export const FormRow = ({
  from = 'md',
  centered = false,
  children,
}: {
  from?: 'sm' | 'md';
  centered?: boolean;
  children: ReactNode;
}) => (
  <Stack
    direction={{ xs: 'column', [from]: 'row' }}
    spacing={{ [from]: 2 }}
    sx={{ width: '100%', alignItems: centered ? { [from]: 'center' } : undefined }}
  >
    {children}
  </Stack>
);
