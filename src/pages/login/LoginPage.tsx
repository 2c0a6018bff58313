import { Alert, Box, Button, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SecondFactorRequest } from '../../authProvider';
import { usePageLocation, usePageSearchParams } from '../../kit/pageNav';
import { preloadable } from '../../kit/preloadable';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { preloadPublicNotifications } from '../../layout/public/PublicNotifications';
import { CredentialsLoginForm } from './CredentialsLoginForm';
import { LOGIN_TAB_PARAM, type LoginTab, loginTabOf, useLoginEntry } from './useLoginEntry';

// The QR tab and its QR code library load when the tab is first pointed at, focused or opened.
const QrCodeLogin = preloadable(() => import('./qr/QrCodeLogin').then((module) => module.QrCodeLogin));
// Only an account with the V-Key app as second factor sees this step: its code loads when it is needed.
const SecondFactorStep = preloadable(() =>
  import('./secondFactor/SecondFactorStep').then((module) => module.SecondFactorStep),
);
export const preloadQrCodeLogin = QrCodeLogin.preload;

interface NextLocationState {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * /login (docs/requirements/portal-routes-and-menus.md): two tabs, 'QR Code Login' and 'Credentials Login' (the default). Query parameters:
 * client_id, redirect_uri, state (and response_mode), which the server's authorize endpoint provides.
 * The selected tab is kept in the address (`tab=qr`), beside those parameters, so that it survives the page
 * being drawn again or reloaded. When the account's second factor is on, a correct password leads to the
 * second step (the V-Key app approves) in place of the tabs; it ends back on the form, email kept.
 */
export const LoginPage = ({
  preloadDestination,
}: {
  /** Loads the signed-in portal at the path the user goes to, while the sign-in is under way. */
  preloadDestination?: (pathname: string) => Promise<void>;
}) => {
  const translate = useTranslate();
  const [params, setParams] = usePageSearchParams();
  const tab = loginTabOf(params);
  const location = usePageLocation();
  const showTab = (value: LoginTab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'qr') next.set(LOGIN_TAB_PARAM, value);
        else next.delete(LOGIN_TAB_PARAM);
        return next;
      },
      // The OAuth2 parameters stay, and so does where the user was going.
      { replace: true, state: location.state },
    );
  // The QR tab opens once its code is there (usually already, from pointing at the tab).
  const selectTab = (value: LoginTab) => {
    if (value !== 'qr') return showTab(value);
    // The QR tab's notifications (a copied link) may follow.
    void preloadPublicNotifications();
    void preloadQrCodeLogin()
      .catch(() => undefined)
      .then(() => showTab(value));
  };
  const from = location.state as NextLocationState | null;
  const next = from?.nextPathname ? `${from.nextPathname}${from.nextSearch ?? ''}` : undefined;
  const clientId = params.get('client_id');
  const redirectUri = params.get('redirect_uri');
  const state = params.get('state') ?? undefined;
  const responseMode = params.get('response_mode') === 'query' ? 'query' : 'form_post';
  const { entry, retry } = useLoginEntry(clientId);
  /** The sign-in request the V-Key app must approve, and the email address it was made with. */
  const [secondFactor, setSecondFactor] = useState<SecondFactorRequest>();
  const [username, setUsername] = useState('');
  const qrLoading = (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={translate('portal.login.qr.loading')} />
    </Box>
  );

  const signInForm = (
    <>
      {entry.status === 'error' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {translate('portal.login.retry')}
            </Button>
          }
        >
          {translate(entry.message)}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(_, value: LoginTab) => selectTab(value)}
        variant="fullWidth"
        sx={{ mb: 3 }}
      >
        <Tab
          value="qr"
          label={translate('portal.login.tabs.qr')}
          onPointerEnter={() => void preloadQrCodeLogin().catch(() => undefined)}
          onFocus={() => void preloadQrCodeLogin().catch(() => undefined)}
        />
        <Tab value="credentials" label={translate('portal.login.tabs.credentials')} />
      </Tabs>
      {tab === 'credentials' ? (
        <CredentialsLoginForm
          next={next}
          state={state}
          defaultUsername={username}
          preloadDestination={preloadDestination}
          onSecondFactor={(request, name) => {
            setUsername(name);
            setSecondFactor(request);
          }}
        />
      ) : clientId && redirectUri ? (
        <Suspense fallback={qrLoading}>
          <QrCodeLogin request={{ clientId, redirectUrl: redirectUri, state, responseMode }} />
        </Suspense>
      ) : entry.status === 'checking' ? (
        qrLoading
      ) : (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('error.oauth2.authorizeFailed')}
        </Typography>
      )}
    </>
  );

  return (
    <PublicCardPage title="portal.login.title" subtitle={translate('portal.login.subtitle')} maxWidth={420}>
      {secondFactor ? (
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={translate('portal.login.secondFactor.waiting')} />
            </Box>
          }
        >
          <SecondFactorStep
            key={secondFactor.requestId}
            request={secondFactor}
            next={next}
            onBack={() => setSecondFactor(undefined)}
          />
        </Suspense>
      ) : (
        signInForm
      )}
    </PublicCardPage>
  );
};
