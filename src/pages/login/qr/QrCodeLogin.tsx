import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { QR_SIZE, QrCode } from '../../../components/QrCode';
import { onboardingDeepLink } from '../../../config';
import { PageLink } from '../../../kit/pageNav';
import {
  type AuthenticateAnswer,
  deliver,
  type SeamlessApi,
  type SeamlessRequest,
  seamlessApi,
} from './seamlessApi';
import { useSeamlessLogin } from './useSeamlessLogin';

/** docs/requirements/constants-and-limits.md: the sign-in page's code has a quiet zone of 12. */
const QUIET_ZONE = 12;
/** The room the code takes: its size and its quiet zone on each side. */
const AREA_SIZE = QR_SIZE + 2 * QUIET_ZONE;

export const isMobileDevice = (userAgent: string = navigator.userAgent): boolean =>
  /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);

export interface QrCodeLoginProps {
  request: SeamlessRequest;
  api?: SeamlessApi;
  onVerified?: (answer: AuthenticateAnswer) => void;
  mobile?: boolean;
}

/** The 'QR Code Login' tab (docs/requirements/portal-routes-and-menus.md): scan the code with the V-Key app to sign in. */
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
  // After a reject or an error there is no code to scan: no prompt and no room held for one, only the
  // message and the button that starts a new session.
  const hasCodeArea = state.status !== 'REJECT' && state.status !== 'ERROR';

  // On one line, also in the expired overlay, which is as wide as the code (hence small there).
  const refreshButton = (size: 'small' | 'medium') => (
    <Button
      variant="contained"
      size={size}
      startIcon={<RefreshIcon />}
      onClick={() => void refresh()}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {translate('portal.login.qr.refresh')}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      {hasCodeArea && <Typography>{codeLabel}</Typography>}
      {hasCodeArea && (
        <Box
          sx={{
            position: 'relative',
            width: AREA_SIZE,
            height: AREA_SIZE,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {deepLink ? (
            mobile ? (
              <a href={deepLink} aria-label={codeLabel}>
                <QrCode value={deepLink} label={codeLabel} quietZone={QUIET_ZONE} />
              </a>
            ) : (
              <QrCode value={deepLink} label={codeLabel} quietZone={QUIET_ZONE} />
            )
          ) : state.status !== 'TIMEOUT' ? (
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
              {refreshButton('small')}
            </Stack>
          )}
        </Box>
      )}
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
          {refreshButton('medium')}
        </Stack>
      )}
      {state.status === 'ERROR' && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Alert severity="error">
            {translate(messageOf(state.error), { _: translate('error.default.internal.server.error') })}
          </Alert>
          {refreshButton('medium')}
        </Stack>
      )}
      <Link component={PageLink} to="/docs/help/mobile-app" variant="body2">
        {translate('portal.login.qr.download')}
      </Link>
    </Stack>
  );
};

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'error.default.internal.server.error';
