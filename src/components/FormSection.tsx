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
