import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { PublicFooter } from './PublicFooter';
import { PublicTopBar } from './PublicTopBar';

/** The frame of public pages (sign-in, sign-up, documentation): the public top bar and footer. */
export const PublicLayout = ({ children }: { children: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
    <PublicTopBar />
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>{children}</Box>
    <PublicFooter />
  </Box>
);
