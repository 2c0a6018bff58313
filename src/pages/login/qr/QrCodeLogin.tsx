import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { QrCode } from '../../../components/QrCode';
import { onboardingDeepLink } from '../../../config';
import {
  type AuthenticateAnswer,
  deliver,
  type SeamlessApi,
  type SeamlessRequest,
  seamlessApi,
} from './seamlessApi';
import { useSeamlessLogin } from './useSeamlessLogin';

export const isMobileDevice = (userAgent: string = navigator.userAgent): boolean =>
  /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);

export interface QrCodeLoginProps {
  request: SeamlessRequest;
  api?: SeamlessApi;
  onVerified?: (answer: AuthenticateAnswer) => void;
  mobile?: boolean;
}

/** The 'QR Code Login' tab (spec 01 §2): scan the code with the V-Key app to sign in. */
export const QrCodeLogin = ({
  request,
  api = seamlessApi,
  onVerified = (answer) => deliver(answer),
  mobile = isMobileDevice(),
}: QrCodeLoginProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { state, refresh } = useSeamlessLogin({ api, request, onVerified });
  const sessionId = state.status === 'INITIAL' ? state.session.sessionId : null;
  const deepLink = useMemo(() => (sessionId ? onboardingDeepLink(sessionId) : null), [sessionId]);
  const codeLabel = translate(mobile ? 'portal.login.qr.mobile' : 'portal.login.qr.desktop');

  const refreshButton = (
    <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => void refresh()}>
      {translate('portal.login.qr.refresh')}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography>{codeLabel}</Typography>
      <Box
        sx={{
          position: 'relative',
          width: 194,
          height: 194,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {deepLink ? (
          mobile ? (
            <a href={deepLink} aria-label={codeLabel}>
              <QrCode value={deepLink} label={codeLabel} quietZone={12} />
            </a>
          ) : (
            <QrCode value={deepLink} label={codeLabel} quietZone={12} />
          )
        ) : state.status === 'NONE' || state.status === 'APPROVE' ? (
          <CircularProgress aria-label={translate('portal.login.qr.loading')} />
        ) : null}
        {state.status === 'TIMEOUT' && (
          <Stack
            role="alert"
            spacing={1}
            sx={{
              position: 'absolute',
              inset: 0,
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'rgba(255,255,255,0.94)',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{translate('portal.login.qr.expired')}</Typography>
            {refreshButton}
          </Stack>
        )}
      </Box>
      {deepLink && !mobile && (
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            void navigator.clipboard
              .writeText(deepLink)
              .then(() => notify('portal.login.qr.copied', { type: 'info' }))
              .catch(() => notify('portal.login.qr.copyFailed', { type: 'warning' }))
          }
        >
          {translate('portal.login.qr.copy')}
        </Button>
      )}
      {state.status === 'APPROVE' && (
        <Typography role="status">{translate('portal.login.qr.approved')}</Typography>
      )}
      {state.status === 'REJECT' && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Alert severity="error">{translate('error.secondFactor.rejected')}</Alert>
          {refreshButton}
        </Stack>
      )}
      {state.status === 'ERROR' && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Alert severity="error">
            {translate(messageOf(state.error), { _: translate('error.default.internal.server.error') })}
          </Alert>
          {refreshButton}
        </Stack>
      )}
      <Link component={RouterLink} to="/docs/help/mobile-app" variant="body2">
        {translate('portal.login.qr.download')}
      </Link>
    </Stack>
  );
};

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'error.default.internal.server.error';
