import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** What shows when a page's code cannot be loaded (the network dropped, or a new version replaced it). */
const LoadFailureMessage = () => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 420 }}>
        <Typography variant="h5" component="h1">
          {translate('ra.page.error')}
        </Typography>
        <Alert severity="error">{translate('ra.notification.http_error')}</Alert>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {translate('ra.action.update_application')}
        </Button>
      </Stack>
    </Box>
  );
};

interface LoadFailureBoundaryProps {
  /** The page's address: a navigation elsewhere tries again. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a page whose code failed to load (the shell's pages load on demand) and offers to reload the
 * portal, instead of leaving a blank window. react-admin's app has its own error page for what happens in it.
 */
export class LoadFailureBoundary extends Component<
  LoadFailureBoundaryProps,
  { failed: boolean; resetKey: string }
> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: LoadFailureBoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <LoadFailureMessage /> : this.props.children;
  }
}
