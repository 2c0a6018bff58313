import { useEffect, useRef, useState } from 'react';
import { useAuthProvider } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PortalAuthProvider } from '../../authProvider';
import { usePageTitle } from '../../components/usePageTitle';
import { PAGE_PATH } from '../../layout/paths';
import { CallbackFrame } from './CallbackFrame';

export const portalClientId = (params: URLSearchParams) => params.get('client_id') ?? 'gateway-portal-web';

/**
 * /oauth2/handler and /oidc/2fa-callback: the end of the OAuth2 and QR sign-in flows for the portal itself.
 * The code in the query is exchanged for a session (POST /auth/token), then the user goes on as after any
 * sign-in. A refused code or an `error` in the query shows `failure` ('Authentication failed.' for OIDC 2FA).
 */
export const OAuth2HandlerPage = ({ failure = 'error.secondFactor.oidcFailed' }: { failure?: string }) => {
  usePageTitle('portal.callback.signingIn');
  const [params] = useSearchParams();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const navigate = useNavigate();
  const [error, setError] = useState<{ key: string; params?: Record<string, unknown> } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !authProvider) return;
    started.current = true;
    const code = params.get('code');
    if (!code || params.get('error')) {
      setError({ key: failure });
      return;
    }
    authProvider
      .loginWithCode({
        code,
        clientId: portalClientId(params),
        redirectUri: `${window.location.origin}${PAGE_PATH.oauth2Handler}`,
      })
      .then(({ redirectTo }) => navigate(redirectTo, { replace: true }))
      .catch((reason: { message?: string; body?: { params?: Record<string, unknown> } }) =>
        setError({ key: reason?.message || failure, params: reason?.body?.params }),
      );
  }, [authProvider, failure, navigate, params]);

  return <CallbackFrame error={error?.key} params={error?.params} />;
};
