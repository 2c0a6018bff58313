import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PAGE_PATH } from '../../layout/paths';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { isLive, sessionStore } from '../../session';
import { failureMessage, mayRetry } from '../self-service/failure';
import { Outcome, Progress } from '../self-service/Outcome';
import { type ActivationAnswer, selfServiceApi } from '../self-service/selfServiceApi';
import { useSingleUseCall } from '../self-service/singleUse';

/**
 * Keeps the plan chosen at sign-up in the session's buying marker, so that signing in continues to
 * /home?tierId=… (src/authProvider.ts). A signed-in visitor's session is left as it is.
 */
const keepChosenPlan = (tierId: string) => {
  if (isLive(sessionStore.get())) return;
  sessionStore.set({ token: '', expiresAt: 0, buying: { isBuying: true, tierId } });
};

/** Sends the activation once per token and page load, and keeps the plan when it succeeds. */
const activate = async (token: string): Promise<ActivationAnswer> => {
  const answer = await selfServiceApi.activate(token);
  if (answer.tierId) keepChosenPlan(answer.tierId);
  return answer;
};

/**
 * /signup-activate/:token (docs/requirements/portal-routes-and-menus.md, docs/requirements/error-messages.md):
 * the activation link of a sign-up's email. The token is single-use: it is sent once as the page opens,
 * however often the page is drawn. Then the account is active (sign in; with a plan chosen, it comes
 * next), or the server's message says why not (invalid, expired or already processed: each asks to
 * contact the administrator).
 */
export const SignupActivatePage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const { state, retry } = useSingleUseCall(`activate:${token}`, () => activate(token));
  const signIn = (
    <Button variant="contained" component={RouterLink} to={PAGE_PATH.login}>
      {translate('portal.selfService.signIn')}
    </Button>
  );

  return (
    <PublicCardPage title="portal.selfService.activation.title">
      {state.status === 'pending' ? (
        <Progress label={translate('portal.selfService.activation.activating')} />
      ) : state.status === 'done' ? (
        <Outcome
          severity="success"
          title={translate('portal.selfService.activation.activeTitle')}
          actions={signIn}
        >
          <Typography variant="body2">
            {translate('portal.selfService.activation.active', { email: state.value.email })}
          </Typography>
          {state.value.tierId && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('portal.selfService.activation.planNext')}
            </Typography>
          )}
        </Outcome>
      ) : (
        <Outcome
          severity="error"
          title={translate('portal.selfService.activation.failedTitle')}
          actions={
            <>
              {mayRetry(state.error) && (
                <Button variant="contained" onClick={retry}>
                  {translate('portal.selfService.retry')}
                </Button>
              )}
              <Button variant="outlined" component={RouterLink} to={PAGE_PATH.contactUs}>
                {translate('portal.selfService.contactUs')}
              </Button>
              <Button component={RouterLink} to={PAGE_PATH.login}>
                {translate('portal.selfService.backToSignIn')}
              </Button>
            </>
          }
        >
          {failureMessage(state.error, translate)}
        </Outcome>
      )}
    </PublicCardPage>
  );
};
