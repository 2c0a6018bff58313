import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PAGE_PATH } from '../../layout/paths';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { failureMessage, mayRetry } from '../self-service/failure';
import { Outcome, Progress } from '../self-service/Outcome';
import { selfServiceApi } from '../self-service/selfServiceApi';
import { useSingleUseCall } from '../self-service/singleUse';

/**
 * /verify-personal-email/:jwtToken (docs/requirements/portal-routes-and-menus.md): the link a recovery
 * email's verification mail holds. The token is single-use: it is sent once as the page opens. Then the
 * address is verified, or the server's message says why not (invalid, expired or used: set it again in My
 * Account).
 */
export const VerifyRecoveryEmailPage = () => {
  const translate = useTranslate();
  const { jwtToken = '' } = useParams();
  const { state, retry } = useSingleUseCall(`verify-recovery-email:${jwtToken}`, () =>
    selfServiceApi.verifyRecoveryEmail(jwtToken),
  );
  const ways = (
    <>
      <Button variant="contained" component={RouterLink} to={PAGE_PATH.myProfile}>
        {translate('portal.selfService.recoveryEmail.profile')}
      </Button>
      <Button component={RouterLink} to={PAGE_PATH.login}>
        {translate('portal.selfService.signIn')}
      </Button>
    </>
  );

  return (
    <PublicCardPage title="portal.selfService.recoveryEmail.title">
      {state.status === 'pending' ? (
        <Progress label={translate('portal.selfService.recoveryEmail.verifying')} />
      ) : state.status === 'done' ? (
        <Outcome
          severity="success"
          title={translate('portal.selfService.recoveryEmail.verifiedTitle')}
          actions={ways}
        >
          <Typography variant="body2">
            {translate('portal.selfService.recoveryEmail.verified', { email: state.value.recoveryEmail })}
          </Typography>
        </Outcome>
      ) : (
        <Outcome
          severity="error"
          title={translate('portal.selfService.recoveryEmail.failedTitle')}
          actions={
            <>
              {mayRetry(state.error) && (
                <Button variant="outlined" onClick={retry}>
                  {translate('portal.selfService.retry')}
                </Button>
              )}
              {ways}
            </>
          }
        >
          {failureMessage(state.error, translate)}
        </Outcome>
      )}
    </PublicCardPage>
  );
};
