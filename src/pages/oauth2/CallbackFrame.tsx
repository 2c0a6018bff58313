import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The frame of the sign-in callback pages: working, or what went wrong and a way back. */
export const CallbackFrame = ({ error, params }: { error?: string; params?: Record<string, unknown> }) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ maxWidth: 420, width: '100%' }}>
        <CardContent>
          {error ? (
            <Stack spacing={2}>
              <Typography variant="h5" component="h1">
                {translate('portal.callback.failedTitle')}
              </Typography>
              <Alert severity="error">
                {translate(error, { _: translate('error.secondFactor.oidcFailed'), ...params })}
              </Alert>
              <Button component={Link} to="/login" variant="contained">
                {translate('portal.callback.backToSignIn')}
              </Button>
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="h5" component="h1">
                {translate('portal.callback.signingIn')}
              </Typography>
              <CircularProgress aria-label={translate('portal.callback.signingIn')} />
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
