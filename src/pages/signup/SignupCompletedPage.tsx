import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { SELF_SERVICE_LIMITS } from '../../../contract/selfService';
import { PAGE_PATH } from '../../layout/paths';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { translateWithNodes } from '../self-service/sentence';
import type { SignupCompletedState } from './SignupPage';

/**
 * /signup/completed: the sign-up is taken and its activation link emailed. It names the address when the
 * sign-up page passed it (not after a reload), and leads back to sign in.
 */
export const SignupCompletedPage = () => {
  const translate = useTranslate();
  const email = (useLocation().state as SignupCompletedState | null)?.email;
  const hours = SELF_SERVICE_LIMITS.activationHours;
  return (
    <PublicCardPage title="portal.selfService.signupCompleted.title">
      <Stack spacing={2}>
        <Box sx={{ textAlign: 'center', color: 'success.main' }}>
          <ForwardToInboxIcon sx={{ fontSize: 56 }} aria-hidden />
        </Box>
        <Typography role="status">
          {email
            ? translate('portal.selfService.signupCompleted.sentTo', { email, smart_count: hours })
            : translate('portal.selfService.signupCompleted.sent', { smart_count: hours })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translateWithNodes(translate, 'portal.selfService.signupCompleted.noMail', {
            contactUs: (
              <Link component={RouterLink} to={PAGE_PATH.contactUs}>
                {translate('portal.selfService.signupCompleted.contactUs')}
              </Link>
            ),
          })}
        </Typography>
        <Button variant="contained" component={RouterLink} to={PAGE_PATH.login}>
          {translate('portal.selfService.backToSignIn')}
        </Button>
      </Stack>
    </PublicCardPage>
  );
};
