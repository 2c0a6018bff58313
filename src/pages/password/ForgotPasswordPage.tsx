import { Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EMAIL_MAX_LENGTH } from '../../../contract/rules';
import { type ResetDestination, SELF_SERVICE_LIMITS } from '../../../contract/selfService';
import { requiredField, validEmail } from '../../components/validators';
import { PAGE_PATH } from '../../layout/paths';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { FormCheckbox, FormTextField, SubmitArea } from '../self-service/Fields';
import { Outcome } from '../self-service/Outcome';
import { selfServiceApi } from '../self-service/selfServiceApi';
import { usePublicForm } from '../self-service/usePublicForm';

/**
 * /forgot-password (docs/requirements/portal-routes-and-menus.md): the email an account signs in with; the
 * server emails a reset link to it, or to the account's verified recovery email when the visitor can no
 * longer read that mailbox. The answer is the same whether or not an account has the email, and so is what
 * the page says.
 */
export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const [sentTo, setSentTo] = useState<ResetDestination>();
  const label = translate('portal.selfService.forgotPassword.email');
  const form = usePublicForm({
    initialValues: { email: '', toRecoveryEmail: false },
    rules: { email: [requiredField(label), validEmail] },
  });

  const send = async ({ email, toRecoveryEmail }: typeof form.values) => {
    const to: ResetDestination = toRecoveryEmail ? 'recoveryEmail' : 'email';
    await selfServiceApi.forgotPassword(email.trim(), to);
    setSentTo(to);
  };

  const backToSignIn = (
    <Button variant="contained" component={RouterLink} to={PAGE_PATH.login}>
      {translate('portal.selfService.backToSignIn')}
    </Button>
  );

  return (
    <PublicCardPage
      title="portal.selfService.forgotPassword.title"
      subtitle={sentTo ? undefined : translate('portal.selfService.forgotPassword.intro')}
    >
      {sentTo ? (
        <Outcome
          severity="success"
          title={translate('portal.selfService.forgotPassword.sentTitle')}
          actions={backToSignIn}
        >
          {translate(
            sentTo === 'recoveryEmail'
              ? 'portal.selfService.forgotPassword.sentToRecoveryEmail'
              : 'portal.selfService.forgotPassword.sent',
            { smart_count: SELF_SERVICE_LIMITS.resetMinutes },
          )}
        </Outcome>
      ) : (
        <Box component="form" onSubmit={form.onSubmit(send)} noValidate>
          <FormTextField
            {...form.text('email')}
            label={label}
            type="email"
            autoComplete="email"
            autoFocus
            required
            maxLength={EMAIL_MAX_LENGTH}
          />
          <FormCheckbox
            {...form.checkbox('toRecoveryEmail')}
            label={translate('portal.selfService.forgotPassword.toRecoveryEmail')}
          />
          <SubmitArea
            failure={form.failure}
            sending={form.sending}
            label="portal.selfService.forgotPassword.submit"
          >
            <Typography variant="body2" sx={{ textAlign: 'center', pt: 1 }}>
              <Link component={RouterLink} to={PAGE_PATH.login}>
                {translate('portal.selfService.backToSignIn')}
              </Link>
            </Typography>
          </SubmitArea>
        </Box>
      )}
    </PublicCardPage>
  );
};
