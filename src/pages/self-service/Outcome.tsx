import { Alert, AlertTitle, Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A call under way: a spinner and what it does, told to screen readers. */
export const Progress = ({ label }: { label: string }) => (
  <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 3 }}>
    <CircularProgress aria-hidden />
    <Typography>{label}</Typography>
  </Stack>
);

export interface OutcomeProps {
  severity: 'success' | 'error' | 'info';
  title: string;
  children?: ReactNode;
  /** The ways on: sign in, contact us, ask for a new link. */
  actions?: ReactNode;
}

/** How a self-service step ended (an account activated, a link refused): said as an alert, then the ways on. */
export const Outcome = ({ severity, title, children, actions }: OutcomeProps) => (
  <Stack spacing={2}>
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
      <AlertTitle component="h2">{title}</AlertTitle>
      {children}
    </Alert>
    {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
  </Stack>
);
