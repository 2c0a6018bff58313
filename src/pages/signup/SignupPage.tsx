import { Alert, Box, Link, Typography } from '@mui/material';
import { maxLength, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_LIMITS } from '../../../contract/account';
import { CUSTOMER_LIMITS } from '../../../contract/customer';
import { NEW_PASSWORD_MAX_LENGTH } from '../../../contract/rules';
import { SELF_SERVICE_ERRORS, type SignupBody } from '../../../contract/selfService';
import { matchesField, newPasswordRules, requiredField, validEmail } from '../../components/validators';
import { PAGE_PATH } from '../../layout/paths';
import { docLinksOf } from '../../layout/public/docLinks';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { sessionStore } from '../../session';
import { FormCheckbox, FormTextField, PasswordField, SubmitArea } from '../self-service/Fields';
import { selfServiceApi } from '../self-service/selfServiceApi';
import { translateWithNodes } from '../self-service/sentence';
import { usePublicForm } from '../self-service/usePublicForm';

/** What /signup/completed is told: the address the activation link went to. */
export interface SignupCompletedState {
  email?: string;
}

/** The fields after the password, with their greatest length and the browser's autofill. */
const DETAILS = [
  { field: 'firstName', max: ACCOUNT_LIMITS.firstName, autoComplete: 'given-name', type: 'text' },
  { field: 'lastName', max: ACCOUNT_LIMITS.lastName, autoComplete: 'family-name', type: 'text' },
  { field: 'companyName', max: CUSTOMER_LIMITS.companyName, autoComplete: 'organization', type: 'text' },
  { field: 'companyPhone', max: CUSTOMER_LIMITS.contactPhone, autoComplete: 'tel', type: 'tel' },
] as const;

/** Agreeing is required: said in the server's words (contract/selfService.ts). */
const agreed = (value: unknown) => (value === true ? undefined : SELF_SERVICE_ERRORS.agreementRequired.key);

/**
 * The plan chosen before signing up: `?tierId=` (from /home), else the session's buying marker (a plan
 * chosen signed out, src/pages/home/HomePage.tsx). The sign-up sends it; the activation answers it.
 */
const useChosenPlan = (): string | undefined => {
  const [params] = useSearchParams();
  const buying = sessionStore.get()?.buying;
  return params.get('tierId') || (buying?.isBuying ? buying.tierId : undefined) || undefined;
};

/**
 * /signup (docs/requirements/portal-routes-and-menus.md, docs/requirements/portal-entities.md,
 * docs/requirements/portal-validation.md): a prospect signs up a company and becomes its administrator. All
 * fields are required, the email is one, the password follows the rules and is typed twice, the terms are
 * agreed to. The server's refusals show under their fields ('Email already existed' under the email); on
 * success the activation link is emailed and /signup/completed says so. Signed in or not, the page stays.
 */
export const SignupPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const tierId = useChosenPlan();
  const label = (field: string) => translate(`portal.selfService.signup.fields.${field}`);
  const form = usePublicForm({
    initialValues: {
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      companyName: '',
      companyPhone: '',
      agreement: false,
    },
    rules: (values) => ({
      email: [requiredField(label('email')), validEmail],
      password: [requiredField(label('password')), newPasswordRules(values.email.trim())],
      confirmPassword: [
        requiredField(label('confirmPassword')),
        matchesField('password', SELF_SERVICE_ERRORS.confirmMismatch.key),
      ],
      ...Object.fromEntries(
        DETAILS.map(({ field, max }) => [field, [requiredField(label(field)), maxLength(max)]]),
      ),
      agreement: [agreed],
    }),
    // The password rules' refusals concern a new password (`newPassword`) unless the answer names the field;
    // 'Email already existed' names none.
    aliases: { newPassword: 'password', 'error.email.existed': 'email' },
  });

  const send = async (values: typeof form.values) => {
    const body: SignupBody = {
      email: values.email.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      companyName: values.companyName.trim(),
      companyPhone: values.companyPhone.trim(),
      agreement: values.agreement,
      ...(tierId ? { tierId } : {}),
    };
    const { email } = await selfServiceApi.signup(body);
    navigate(PAGE_PATH.signupCompleted, { state: { email } satisfies SignupCompletedState });
  };

  const legalLink = (id: 'termsOfUse' | 'privacyPolicy') => (
    <Link component={RouterLink} to={docLinksOf('legal').find((link) => link.id === id)?.path ?? '/docs'}>
      {translate(`portal.selfService.signup.${id}`)}
    </Link>
  );

  return (
    <PublicCardPage
      title="portal.selfService.signup.title"
      subtitle={translate('portal.selfService.signup.subtitle')}
      maxWidth={560}
    >
      {tierId && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('portal.selfService.signup.planKept')}
        </Alert>
      )}
      <Box component="form" onSubmit={form.onSubmit(send)} noValidate>
        <FormTextField
          {...form.text('email')}
          label={label('email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
          maxLength={ACCOUNT_LIMITS.email}
        />
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <PasswordField
            {...form.text('password')}
            label={label('password')}
            autoComplete="new-password"
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
          {DETAILS.map(({ field, max, autoComplete, type }) => (
            <FormTextField
              key={field}
              {...form.text(field)}
              label={label(field)}
              type={type}
              autoComplete={autoComplete}
              required
              maxLength={max}
            />
          ))}
        </Box>
        <FormCheckbox
          {...form.checkbox('agreement')}
          required
          label={translateWithNodes(translate, 'portal.selfService.signup.agreement', {
            termsOfUse: legalLink('termsOfUse'),
            privacyPolicy: legalLink('privacyPolicy'),
          })}
        />
        <SubmitArea
          failure={form.failure}
          sending={form.sending}
          label="portal.selfService.signup.submit"
          sendingLabel="portal.selfService.signup.submitting"
        >
          <Typography variant="body2" sx={{ textAlign: 'center', pt: 1 }}>
            {translate('portal.selfService.signup.haveAccount')}{' '}
            <Link component={RouterLink} to={PAGE_PATH.login}>
              {translate('portal.selfService.signIn')}
            </Link>
          </Typography>
        </SubmitArea>
      </Box>
    </PublicCardPage>
  );
};
