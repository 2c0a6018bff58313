import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { errorNotification } from '../../components/notifyError';
import { requiredField, validEmail } from '../../components/validators';

interface Credentials {
  username: string;
  password: string;
}

/** The 'Credentials Login' tab (spec 01 §2, §5): email and password. */
export const CredentialsLoginForm = ({ next, state }: { next?: string; state?: string }) => {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const usernameLabel = translate('portal.login.fields.username');
  const passwordLabel = translate('portal.login.fields.password');

  const submit = async ({ username, password }: Partial<Credentials>) => {
    setLoading(true);
    try {
      await login({ username: (username ?? '').trim(), password: password ?? '', state, next });
    } catch (error) {
      notify(...errorNotification(error));
      setLoading(false);
    }
  };

  return (
    <Form onSubmit={submit} mode="onTouched" noValidate>
      <Stack spacing={1}>
        <TextInput
          source="username"
          label={usernameLabel}
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          parse={(value: string) => value}
          format={(value?: string) => value ?? ''}
          validate={[requiredField(usernameLabel), validEmail]}
        />
        <PasswordInput
          source="password"
          label={passwordLabel}
          autoComplete="current-password"
          fullWidth
          validate={requiredField(passwordLabel)}
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {translate('portal.login.forgotPassword')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading}
          startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate(loading ? 'portal.login.signingIn' : 'portal.login.signIn')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center', pt: 1 }}>
          {translate('portal.login.noAccount')}{' '}
          <Link component={RouterLink} to="/signup">
            {translate('portal.login.createAccount')}
          </Link>
        </Typography>
      </Stack>
    </Form>
  );
};
