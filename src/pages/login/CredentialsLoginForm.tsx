import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  useAuthProvider,
  useNotificationContext,
  useNotify,
  useTranslate,
  type ValidationErrorMessage,
  type Validator,
} from 'react-admin';
import type { PortalAuthProvider, SecondFactorRequest } from '../../authProvider';
import { requiredField, validEmail } from '../../components/fieldRules';
import { errorNotification } from '../../kit/notifyError';
import { PageLink, usePageNavigate } from '../../kit/pageNav';
import { PAGE_PATH } from '../../layout/paths';
import { preloadPublicNotifications } from '../../layout/public/PublicNotifications';
import { LoginField } from './LoginField';

type Field = 'username' | 'password';
type Credentials = Record<Field, string>;

const FIELDS: readonly Field[] = ['username', 'password'];

/** The first rule the value breaks, if any (the rules are synchronous). */
const firstError = (
  rules: readonly Validator[],
  value: string,
  values: Credentials,
): ValidationErrorMessage | undefined => {
  for (const rule of rules) {
    const error = rule(value, values, {});
    if (error && !(error instanceof Promise)) return error;
  }
  return undefined;
};

/**
 * The 'Credentials Login' tab (docs/requirements/portal-routes-and-menus.md, docs/requirements/portal-validation.md): email and password. A field shows its first error only once
 * the user has touched it: left it after clicking, typing or tabbing in it, or submitted the form (
 * docs/requirements/portal-validation.md). Focus taken away by something else, such as the public menu's drawer opening over the autofocused
 * email field on a phone, does not count.
 */
export interface CredentialsLoginFormProps {
  next?: string;
  state?: string;
  /** The email address the form starts with (back from the second step). */
  defaultUsername?: string;
  /** The password was right and the account's second factor is on: the V-Key app must approve. */
  onSecondFactor: (request: SecondFactorRequest, username: string) => void;
  /** Loads the signed-in portal at a path ahead (the portal gives it: the sign-in page does not import it). */
  preloadDestination?: (pathname: string) => Promise<void>;
}

export const CredentialsLoginForm = ({
  next,
  state,
  defaultUsername = '',
  onSecondFactor,
  preloadDestination,
}: CredentialsLoginFormProps) => {
  const translate = useTranslate();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const { resetNotifications } = useNotificationContext();
  const notify = useNotify();
  const navigate = usePageNavigate();
  const [values, setValues] = useState<Credentials>({ username: defaultUsername, password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  /** Fields the user has clicked, typed or pressed a key in. */
  const engaged = useRef(new Set<Field>());
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // The page drawn ahead of its code (src/signIn/prerender.tsx) may be typed in before its code takes it
  // over: what was typed is taken up then. Its button waits for the code, so that the form is sent by it,
  // never by the browser as a plain form (it would leave the page with the password); so does Enter in a field.
  // (Posted, should it be sent so all the same: never in the address.)
  const [taken, setTaken] = useState(false);
  useEffect(() => {
    setTaken(true);
    const typed = FIELDS.flatMap((field) => {
      const value = inputs.current[field]?.value;
      return value ? [[field, value] as const] : [];
    });
    if (typed.length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(typed) }));
  }, []);
  const labels: Record<Field, string> = {
    username: translate('portal.login.fields.username'),
    password: translate('portal.login.fields.password'),
  };
  const rules: Record<Field, readonly Validator[]> = {
    username: [requiredField(labels.username), validEmail],
    password: [requiredField(labels.password)],
  };
  const errors = Object.fromEntries(
    FIELDS.map((field) => [field, firstError(rules[field], values[field], values)]),
  ) as Record<Field, ValidationErrorMessage | undefined>;

  const messageOf = (field: Field): string | undefined => {
    const error = errors[field];
    if (!touched[field] || !error) return undefined;
    return typeof error === 'string' ? translate(error) : translate(error.message, error.args);
  };

  const fieldProps = (field: Field) => ({
    id: field,
    name: field,
    label: labels[field],
    value: values[field],
    error: messageOf(field),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
    onPointerDown: () => engaged.current.add(field),
    onKeyDown: () => engaged.current.add(field),
    onChange: (event: { target: { value: string } }) => {
      engaged.current.add(field);
      setValues((current) => ({ ...current, [field]: event.target.value }));
    },
    onBlur: () => {
      if (engaged.current.has(field)) setTouched((current) => ({ ...current, [field]: true }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    const invalid = FIELDS.find((field) => errors[field] !== undefined);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    if (!authProvider) return;
    setLoading(true);
    // The signed-in portal loads while the sign-in is under way, with the page the user is going to, and so
    // does the notification that would tell a failure.
    preloadDestination?.(next ?? PAGE_PATH.report).catch(() => undefined);
    void preloadPublicNotifications();
    try {
      const outcome = await authProvider.login({
        username: values.username.trim(),
        password: values.password,
        state,
        next,
      });
      resetNotifications();
      if ('secondFactor' in outcome) onSecondFactor(outcome.secondFactor, values.username.trim());
      else navigate(outcome.redirectTo);
    } catch (error) {
      notify(...errorNotification(error));
      setLoading(false);
    }
  };

  return (
    <Box component="form" method="post" onSubmit={submit} noValidate>
      <Stack spacing={1}>
        {/* Back from the second step, the email address is there: the password is next. */}
        <LoginField
          {...fieldProps('username')}
          type="email"
          autoComplete="username"
          autoFocus={!defaultUsername}
        />
        <LoginField
          {...fieldProps('password')}
          autoFocus={!!defaultUsername}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={translate(
                  passwordVisible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
                )}
                onClick={() => setPasswordVisible(!passwordVisible)}
              >
                {passwordVisible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={PageLink} to="/forgot-password" variant="body2">
            {translate('portal.login.forgotPassword')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading || !taken}
          startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate(loading ? 'portal.login.signingIn' : 'portal.login.signIn')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center', pt: 1 }}>
          {translate('portal.login.noAccount')}{' '}
          <Link component={PageLink} to="/signup">
            {translate('portal.login.createAccount')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
};
