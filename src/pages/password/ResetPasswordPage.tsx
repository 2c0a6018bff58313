import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { NEW_PASSWORD_MAX_LENGTH } from '../../../contract/rules';
import { SELF_SERVICE_ERRORS, SELF_SERVICE_LIMITS } from '../../../contract/selfService';
import { PASSWORD_ERRORS, SESSION_ERRORS } from '../../../contract/session';
import { matchesField, newPasswordRules, requiredField } from '../../components/validators';
import { PAGE_PATH } from '../../layout/paths';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { PasswordField, SubmitArea } from '../self-service/Fields';
import { failureKey, failureMessage } from '../self-service/failure';
import { Outcome } from '../self-service/Outcome';
import { selfServiceApi } from '../self-service/selfServiceApi';
import { usePublicForm } from '../self-service/usePublicForm';

/** The refusals of the link itself: the form is of no use any more, a new link is. */
const LINK_REFUSALS: readonly string[] = [
  SESSION_ERRORS.accountInvalidResetToken.key,
  SELF_SERVICE_ERRORS.resetTokenExpired.key,
  SELF_SERVICE_ERRORS.resetTokenUsed.key,
];

const isLinkRefusal = (error: unknown) =>
  LINK_REFUSALS.includes(failureKey(error) ?? '') || (error as { status?: number })?.status === 410;

/** Where the reset link came from: the account's email (`?token=`), or its recovery email (in the path). */
export type ResetLinkSource = 'email' | 'recoveryEmail';

/** The link's token, or undefined when it has none that could be one. */
const useResetToken = (source: ResetLinkSource): string | undefined => {
  const [params] = useSearchParams();
  const { jwtToken } = useParams();
  const token = (source === 'email' ? params.get('token') : jwtToken)?.trim();
  return token && token.length <= SELF_SERVICE_LIMITS.tokenMaxLength ? token : undefined;
};

/**
 * The reset password pages (docs/requirements/portal-routes-and-menus.md): /account/reset-password?token=…
 * from the email a forgotten password sends, and /reset-user-by-backup-email/:jwtToken from the one sent to
 * the recovery email. A new password (the rules, typed twice); then sign in with it. A link without a
 * token is invalid at once; one the server refuses (invalid, expired, used) leads to a new one.
 */
export const ResetPasswordPage = ({ source }: { source: ResetLinkSource }) => {
  const translate = useTranslate();
  const token = useResetToken(source);
  const [done, setDone] = useState(false);
  const [refusal, setLinkRefusal] = useState<string>();
  // A link without a token is refused at once, without a call.
  const linkRefusal = token ? refusal : translate(SESSION_ERRORS.accountInvalidResetToken.key);
  const label = (field: string) => translate(`portal.selfService.resetPassword.fields.${field}`);
  const form = usePublicForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    rules: {
      newPassword: [requiredField(label('newPassword')), newPasswordRules()],
      confirmPassword: [
        requiredField(label('confirmPassword')),
        matchesField('newPassword', PASSWORD_ERRORS.confirmMismatch.key),
      ],
    },
  });

  const send = async (values: typeof form.values) => {
    if (!token) return;
    try {
      await selfServiceApi.resetPassword({ token, ...values });
      setDone(true);
    } catch (error) {
      if (!isLinkRefusal(error)) throw error;
      setLinkRefusal(failureMessage(error, translate));
    }
  };

  const signIn = (
    <Button variant="contained" component={RouterLink} to={PAGE_PATH.login}>
      {translate('portal.selfService.signIn')}
    </Button>
  );

  return (
    <PublicCardPage
      title="portal.selfService.resetPassword.title"
      subtitle={
        done || linkRefusal
          ? undefined
          : translate(
              source === 'recoveryEmail'
                ? 'portal.selfService.resetPassword.introRecoveryEmail'
                : 'portal.selfService.resetPassword.intro',
            )
      }
    >
      {done ? (
        <Outcome
          severity="success"
          title={translate('portal.selfService.resetPassword.doneTitle')}
          actions={signIn}
        >
          {translate('portal.selfService.resetPassword.done')}
        </Outcome>
      ) : linkRefusal ? (
        <Outcome
          severity="error"
          title={translate('portal.selfService.resetPassword.refusedTitle')}
          actions={
            <>
              <Button variant="contained" component={RouterLink} to={PAGE_PATH.forgotPassword}>
                {translate('portal.selfService.resetPassword.newLink')}
              </Button>
              <Button component={RouterLink} to={PAGE_PATH.login}>
                {translate('portal.selfService.backToSignIn')}
              </Button>
            </>
          }
        >
          {linkRefusal}
        </Outcome>
      ) : (
        <Box component="form" onSubmit={form.onSubmit(send)} noValidate>
          <PasswordField
            {...form.text('newPassword')}
            label={label('newPassword')}
            autoComplete="new-password"
            autoFocus
            required
            maxLength={NEW_PASSWORD_MAX_LENGTH}
            hint={translate('portal.selfService.passwordHint')}
          />
          <PasswordField
            {...form.text('confirmPassword')}
            label={label('confirmPassword')}
            autoComplete="new-password"
            required
            maxLength={NEW_PASSWORD_MAX_LENGTH}
          />
          <SubmitArea
            failure={form.failure}
            sending={form.sending}
            label="portal.selfService.resetPassword.submit"
          />
        </Box>
      )}
    </PublicCardPage>
  );
};
