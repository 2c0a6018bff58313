import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * What shows while a page's code is still loading: nothing for the first second (most pages are there well
 * before), then a spinner. The shell's own, lighter than react-admin's loading page.
 */
export const PageLoading = ({ delayMs = 1000 }: { delayMs?: number }) => {
  const translate = useTranslate();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return late ? (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  ) : null;
};
