import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Button, Card, Chip, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  Loading,
  maxLength,
  SaveButton,
  TextInput,
  Title,
  Toolbar,
  useDataProvider,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ACCOUNT_LIMITS } from '../../../contract/account';
import { EMAIL_MAX_LENGTH } from '../../../contract/rules';
import { type OwnProfileRecord, SELF_SERVICE_ERRORS } from '../../../contract/selfService';
import { FormRow, FormSection } from '../../components/FormSection';
import { validPhone } from '../../components/phoneValidator';
import { ResourceForm } from '../../components/ResourceForm';
import { usePageTitle } from '../../components/usePageTitle';
import { requiredField, validEmail } from '../../components/validators';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification, fieldErrorsOf } from '../../kit/notifyError';
import { type SessionUser, sessionStore } from '../../session';
import { AvatarInput } from './AvatarInput';
import { MyAccountTabs } from './MyAccountTabs';
import { profileChanges, savedProfile } from './profileValues';

const T = 'portal.myAccount.profile';
export const PROFILE_QUERY_KEY = ['account', 'getProfile'];
const label = (field: string) => `resources.account.fields.${field}`;

/** Under the recovery email: whether it is verified, or that a save sends the link to a new one. */
const RecoveryEmailState = ({ saved }: { saved: OwnProfileRecord }) => {
  const translate = useTranslate();
  const value: unknown = useWatch({ name: 'recoveryEmail' });
  const typed = typeof value === 'string' ? value.trim() : '';
  const kept = saved.recoveryEmail?.trim() ?? '';
  if (typed && typed !== kept) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.recoveryEmail.willSend`)}
      </Typography>
    );
  }
  if (!kept) return null;
  if (!typed) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.recoveryEmail.willRemove`)}
      </Typography>
    );
  }
  return saved.recoveryEmailVerified ? (
    <Chip
      icon={<VerifiedIcon />}
      color="success"
      variant="outlined"
      size="small"
      label={translate(`${T}.recoveryEmail.verified`)}
      sx={{ mb: 2 }}
    />
  ) : (
    <Alert severity="info" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}>
      {translate(`${T}.recoveryEmail.waiting`, { email: kept })}
    </Alert>
  );
};

/**
 * /my-account/profile (spec 01 §2 My Account, §3 Administrator account): the signed-in account's own
 * profile, read with GET /account/profile (contract/selfService.ts) and saved with PUT /account/profile
 * (contract/account.ts updateProfile). The email (its login) is shown, not changed. Name and mobile phone
 * are required, phones in international format (contract/phone.ts); the recovery email says whether it is
 * verified. A server's refusal of one field shows under it; leaving with unsaved changes asks first. Once
 * saved, the session's user (the name in the top bar) follows.
 */
export const ProfilePage = () => {
  const translate = useTranslate();
  usePageTitle(`${T}.title`);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();

  const profile = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async () => (await dataProvider.getProfile<OwnProfileRecord>('account', {})).data,
  });
  const saved = profile.data;

  const validate = useMemo(() => {
    const required = (field: 'firstName' | 'lastName' | 'mobilePhone') => [
      requiredField(translate(label(field))),
      maxLength(ACCOUNT_LIMITS[field]),
    ];
    const notOwnEmail: Validator = (value: unknown) =>
      typeof value === 'string' &&
      value.trim() &&
      value.trim().toLowerCase() === saved?.email.trim().toLowerCase()
        ? SELF_SERVICE_ERRORS.recoveryEmailSameAsEmail.key
        : undefined;
    return {
      firstName: required('firstName'),
      lastName: required('lastName'),
      // The numbers the account holds are not checked again (the server does not either).
      mobilePhone: [...required('mobilePhone'), validPhone(saved?.mobilePhone)],
      contactNumber: [maxLength(ACCOUNT_LIMITS.contactNumber), validPhone(saved?.contactNumber)],
      organization: maxLength(ACCOUNT_LIMITS.organization),
      address: maxLength(ACCOUNT_LIMITS.address),
      otherInfo: maxLength(ACCOUNT_LIMITS.otherInfo),
      recoveryEmail: [maxLength(EMAIL_MAX_LENGTH), validEmail, notOwnEmail],
    };
  }, [translate, saved?.email, saved?.mobilePhone, saved?.contactNumber]);

  const submit = async (values: Record<string, unknown>) => {
    if (!saved) return undefined;
    const data = profileChanges(values, saved);
    try {
      const { data: account } = await dataProvider.updateProfile<Partial<SessionUser>>('account', { data });
      const user = sessionStore.get()?.user;
      if (user) sessionStore.update({ user: { ...user, ...account } });
      // The form starts again from what was saved (no unsaved changes left), then from what the server says.
      queryClient.setQueryData(PROFILE_QUERY_KEY, savedProfile(saved, data));
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      // The name in the top bar is the identity's.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      notify(`${T}.saved`, { type: 'info' });
      return undefined;
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) return fieldErrors;
      notify(...errorNotification(error));
      return undefined;
    }
  };

  const heading = (
    <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
      {translate(`${T}.title`)}
    </Typography>
  );

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`${T}.title`} />
      <MyAccountTabs />
      {profile.isPending ? (
        <Loading />
      ) : profile.error || !saved ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              {translate('portal.login.retry')}
            </Button>
          }
        >
          {translate(`${T}.loadFailed`)} {translate(...messageOf(profile.error))}
        </Alert>
      ) : (
        <Card sx={{ maxWidth: 720, mx: 'auto' }}>
          {heading}
          <ResourceForm
            record={saved}
            onSubmit={submit}
            toolbar={
              <Toolbar>
                <SaveButton />
              </Toolbar>
            }
          >
            {/* Shown, not sent: react-admin's read-only input greys its help text below the contrast rule. */}
            <TextField
              label={translate(label('email'))}
              value={saved?.email ?? ''}
              helperText={translate(`${T}.emailHelper`)}
              slotProps={{ input: { readOnly: true } }}
              size="small"
              fullWidth
              sx={{ mb: 2 }}
            />
            <FormRow from="sm">
              <TextInput
                source="firstName"
                label={label('firstName')}
                autoComplete="given-name"
                validate={validate.firstName}
                isRequired
                fullWidth
              />
              <TextInput
                source="lastName"
                label={label('lastName')}
                autoComplete="family-name"
                validate={validate.lastName}
                isRequired
                fullWidth
              />
            </FormRow>
            <FormRow from="sm">
              <TextInput
                source="mobilePhone"
                label={label('mobilePhone')}
                type="tel"
                autoComplete="tel"
                helperText={`${T}.phoneHelper`}
                validate={validate.mobilePhone}
                isRequired
                fullWidth
              />
              <TextInput
                source="contactNumber"
                label={label('contactNumber')}
                type="tel"
                helperText={`${T}.phoneHelper`}
                validate={validate.contactNumber}
                fullWidth
              />
            </FormRow>
            <TextInput
              source="organization"
              label={label('organization')}
              autoComplete="organization"
              validate={validate.organization}
              fullWidth
            />
            <TextInput
              source="address"
              label={label('address')}
              autoComplete="street-address"
              validate={validate.address}
              fullWidth
            />
            <TextInput
              source="otherInfo"
              label={label('otherInfo')}
              validate={validate.otherInfo}
              multiline
              minRows={3}
              fullWidth
            />
            <AvatarInput initials={initialsOf(saved)} />
            <FormSection title={`${T}.recoveryEmail.title`}>
              <TextInput
                source="recoveryEmail"
                label={`${T}.recoveryEmail.label`}
                type="email"
                autoComplete="email"
                helperText={`${T}.recoveryEmail.helper`}
                validate={validate.recoveryEmail}
                fullWidth
              />
              <RecoveryEmailState saved={saved} />
            </FormSection>
          </ResourceForm>
        </Card>
      )}
    </Box>
  );
};

const initialsOf = (profile: OwnProfileRecord) =>
  `${profile.firstName.trim().charAt(0)}${profile.lastName.trim().charAt(0)}`.toUpperCase();

/** The translate arguments of a failed load's reason. */
const messageOf = (error: unknown): [string, object] => {
  const [message, { messageArgs }] = errorNotification(error);
  return [message, messageArgs];
};
