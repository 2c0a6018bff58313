import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type BaseSyntheticEvent, useState } from 'react';
import {
  Form,
  maxLength,
  PasswordInput,
  TextInput,
  Title,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_LIMITS, type OwnProfile, REQUIRED_PROFILE_FIELDS } from '../../../contract/account';
import { safeNextPath } from '../../authProvider';
import { validPhone } from '../../components/phoneValidator';
import { usePageTitle } from '../../components/usePageTitle';
import { matchesField, newPasswordRules, requiredField } from '../../components/validators';
import type { ChangePasswordBody, PortalDataProvider } from '../../dataProviders';
import { InvalidFormNotice, useFieldRefusals } from '../../kit/fieldRefusals';
import { errorNotification, fieldErrorsOf } from '../../kit/notifyError';
import { PAGE_PATH } from '../../layout/paths';
import { type SessionUser, sessionStore } from '../../session';
import { MyAccountTabs } from '../my-account/MyAccountTabs';

const PROFILE_AUTOCOMPLETE = {
  firstName: 'given-name',
  lastName: 'family-name',
  mobilePhone: 'tel',
} as const;

/**
 * /my-account/change-password (My Account's tab) and /profile/change-password (spec 01 §2 'Other routes'):
 * also where a forced password change lands after sign-in, and where an account without its name or mobile
 * phone (the initial operator) gives them, with the new password. The server's refusal of the new password
 * (a common one, one of the last 5…) or of the phone shows under its field. My Account's tabs show under
 * /my-account/, but not while the password must change (no other page opens until then).
 */
export const ChangePasswordPage = () => {
  const translate = useTranslate();
  usePageTitle('portal.changePassword.title');
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [saving, setSaving] = useState(false);
  const session = sessionStore.get();
  const forced = session?.forceChangePassword === true;
  // An account without its name or mobile phone (the initial operator) gives them here, once.
  const [profileMissing] = useState(() =>
    REQUIRED_PROFILE_FIELDS.some((field) => !session?.user?.[field]?.trim()),
  );
  // The first values, once: the session's user changes when the profile is saved, and new first values would
  // empty the form (the old password too) just as a refusal of the new password is to be said under it.
  const [defaultValues] = useState(() =>
    profileMissing
      ? {
          firstName: session?.user?.firstName ?? '',
          lastName: session?.user?.lastName ?? '',
          mobilePhone: session?.user?.mobilePhone ?? '',
        }
      : undefined,
  );
  const keepFieldRefusals = useFieldRefusals();
  const label = (field: keyof ChangePasswordBody) => translate(`portal.changePassword.fields.${field}`);
  const profileLabel = (field: keyof OwnProfile) => translate(`resources.account.fields.${field}`);

  const submit = async (values: Partial<ChangePasswordBody & OwnProfile>, event?: BaseSyntheticEvent) => {
    setSaving(true);
    try {
      if (profileMissing) {
        const profile: OwnProfile = {
          firstName: values.firstName ?? '',
          lastName: values.lastName ?? '',
          mobilePhone: values.mobilePhone ?? '',
        };
        const { data: user } = await dataProvider.updateProfile<SessionUser>('account', { data: profile });
        sessionStore.update({ user });
      }
      const data: ChangePasswordBody = {
        oldPassword: values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
        confirmPassword: values.confirmPassword ?? '',
      };
      await dataProvider.changePassword('account', { data });
      sessionStore.update({ forceChangePassword: false });
      // Who is signed in (the name just given) and what the account may do (refused while the password had to
      // change) are read again for the pages that follow.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      notify('portal.changePassword.success', { type: 'info' });
      // Where the user was going, else the dashboard (the page every sign-in lands on).
      navigate(safeNextPath(params.get('next')) ?? PAGE_PATH.report, { replace: true });
    } catch (error) {
      setSaving(false);
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) return keepFieldRefusals(fieldErrors, event);
      notify(...errorNotification(error));
    }
  };

  return (
    <Box sx={{ mt: forced ? 3 : 1 }}>
      <Title title="portal.changePassword.title" />
      {!forced && pathname.startsWith(`${PAGE_PATH.myAccount}/`) && <MyAccountTabs />}
      <Card sx={{ width: '100%', maxWidth: 480, mx: 'auto' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('portal.changePassword.title')}
          </Typography>
          {forced && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('portal.changePassword.forced')}
            </Alert>
          )}
          <Form
            onSubmit={submit}
            mode="onTouched"
            noValidate
            defaultValues={defaultValues}
            disableInvalidFormNotification
          >
            <InvalidFormNotice />
            <Stack spacing={1}>
              {profileMissing && (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {translate('portal.changePassword.profile')}
                  </Typography>
                  {REQUIRED_PROFILE_FIELDS.map((field) => (
                    <TextInput
                      key={field}
                      source={field}
                      label={profileLabel(field)}
                      autoComplete={PROFILE_AUTOCOMPLETE[field]}
                      isRequired
                      fullWidth
                      validate={[
                        requiredField(profileLabel(field)),
                        maxLength(ACCOUNT_LIMITS[field]),
                        ...(field === 'mobilePhone' ? [validPhone()] : []),
                      ]}
                    />
                  ))}
                </>
              )}
              <PasswordInput
                source="oldPassword"
                label={label('oldPassword')}
                autoComplete="current-password"
                fullWidth
                validate={requiredField(label('oldPassword'))}
              />
              <PasswordInput
                source="newPassword"
                label={label('newPassword')}
                autoComplete="new-password"
                helperText="portal.changePassword.rulesHint"
                fullWidth
                validate={[requiredField(label('newPassword')), newPasswordRules(session?.user?.email)]}
              />
              <PasswordInput
                source="confirmPassword"
                label={label('confirmPassword')}
                autoComplete="new-password"
                fullWidth
                validate={[
                  requiredField(label('confirmPassword')),
                  matchesField('newPassword', 'portal.validation.passwordMismatch'),
                ]}
              />
              <Button
                type="submit"
                variant="contained"
                disabled={saving}
                startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {translate('portal.changePassword.submit')}
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
};
