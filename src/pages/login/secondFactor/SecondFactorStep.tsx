import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useAuthProvider, useNotificationContext, useNotify, useTranslate } from 'react-admin';
import type { PortalAuthProvider, SecondFactorRequest } from '../../../authProvider';
import { errorNotification } from '../../../kit/notifyError';
import { usePageNavigate } from '../../../kit/pageNav';
import { LoginField } from '../LoginField';
import {
  formatRemaining,
  type SecondFactorApi,
  secondFactorApi,
  useSecondFactorWait,
} from './useSecondFactorWait';

const T = 'portal.login.secondFactor';
const CODE = /^[0-9]{6}$/;

/** The answers of POST /auth/2fa/complete after which the request is over: back to the password. */
const ENDS_THE_REQUEST: ReadonlySet<string> = new Set([
  'error.secondFactor.notFound',
  'error.secondFactor.timeout',
  'error.secondFactor.rejected',
]);

export interface SecondFactorStepProps {
  request: SecondFactorRequest;
  /** Where the user was going (as for a sign-in without the second factor). */
  next?: string;
  /** Back to the password form: the request is over, or the user cancelled. */
  onBack: () => void;
  api?: SecondFactorApi;
  intervalMs?: number;
  /**
   * Completes the request instead of opening a session and going on to `next` (the sign-in dialog of an
   * ended session, which keeps its page).
   */
  complete?: (completion: { requestId: string; requestSecret: string; code?: string }) => Promise<void>;
}

/**
 * The second step of a sign-in whose account has its second factor on (contract/secondFactor.ts): the
 * V-Key app approves the request (its status polled every 2000 ms) or the user types the code the app
 * shows; either way the request is completed and the session opened like every other sign-in's. REJECT, TIMEOUT (or
 * the countdown at zero) and a request the server no longer knows end the step with a warning.
 */
export const SecondFactorStep = ({
  request,
  next,
  onBack,
  api = secondFactorApi,
  intervalMs,
  complete: completeWith,
}: SecondFactorStepProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = usePageNavigate();
  const { resetNotifications } = useNotificationContext();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [completing, setCompleting] = useState<'approved' | 'code' | null>(null);
  /** A completion is under way: no poll meanwhile, and no second completion. */
  const busy = useRef(false);
  /** The step is over (signed in, or back to the form): nothing more happens. */
  const over = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement | null>(null);
  const latest = useRef({ onBack, next });
  latest.current = { onBack, next };

  // The password form this step replaces had the focus.
  useEffect(() => heading.current?.focus(), []);

  const end = useCallback(
    (message: string, options: object = { type: 'warning' }) => {
      if (over.current) return;
      over.current = true;
      notify(message, options);
      latest.current.onBack();
    },
    [notify],
  );

  const complete = async (typed?: string) => {
    if (busy.current || over.current || !authProvider) return;
    busy.current = true;
    setCompleting(typed ? 'code' : 'approved');
    try {
      const completion = { requestId: request.requestId, requestSecret: request.requestSecret, code: typed };
      if (completeWith) {
        await completeWith(completion);
        over.current = true;
        resetNotifications();
        return;
      }
      const { redirectTo } = await authProvider.completeSecondFactor({
        ...completion,
        next: latest.current.next,
      });
      over.current = true;
      resetNotifications();
      navigate(redirectTo);
    } catch (error) {
      busy.current = false;
      setCompleting(null);
      const [message, options] = errorNotification(error);
      if (ENDS_THE_REQUEST.has(message)) return end(message, options);
      notify(message, options);
      if (typed) {
        setCode('');
        codeInput.current?.focus();
      }
    }
  };

  const { remainingSec } = useSecondFactorWait({
    api,
    requestId: request.requestId,
    expiresInSec: request.expiresInSec,
    intervalMs,
    busy: () => busy.current || over.current,
    onStatus: (status) => {
      if (status === 'APPROVE') void complete();
      else end(status === 'REJECT' ? 'error.secondFactor.rejected' : 'error.secondFactor.timeout');
    },
    onPollError: (error) => {
      const [message] = errorNotification(error);
      if (message === 'error.secondFactor.notFound') end(message);
      // Other failures are only logged and polled again at the next tick, as the QR sign-in's (docs/requirements/error-messages.md).
      else console.warn('second factor status request failed', error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!CODE.test(typed)) {
      setCodeError(translate(`${T}.codeInvalid`));
      codeInput.current?.focus();
      return;
    }
    setCodeError(undefined);
    void complete(typed);
  };

  const cancel = () => {
    over.current = true;
    onBack();
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="second-factor-title">
      <Typography
        id="second-factor-title"
        ref={heading}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ outline: 'none' }}
      >
        {translate(`${T}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.instructions`)}
      </Typography>
      <Box
        sx={{
          fontFamily: 'monospace',
          fontSize: '0.95rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          wordBreak: 'break-all',
        }}
      >
        {translate(`${T}.request`, { id: request.requestId })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={16} aria-label={translate(`${T}.waiting`)} />
        {completing === 'approved' ? (
          <Typography variant="body2" role="status">
            {translate(`${T}.approved`)}
          </Typography>
        ) : (
          <Typography variant="body2" role="timer">
            {translate(`${T}.expiresIn`, { time: formatRemaining(remainingSec) })}
          </Typography>
        )}
      </Stack>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <LoginField
            id="second-factor-code"
            name="code"
            label={translate(`${T}.code`)}
            value={code}
            error={codeError}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            inputRef={(input: HTMLInputElement | null) => {
              codeInput.current = input;
            }}
            onChange={(event: { target: { value: string } }) => {
              setCode(event.target.value.replace(/\D/g, ''));
              setCodeError(undefined);
            }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={completing !== null}
            startIcon={completing === 'code' ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(completing === 'code' ? 'portal.login.signingIn' : 'portal.login.signIn')}
          </Button>
        </Stack>
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={cancel}>
          {translate(`${T}.cancel`)}
        </Link>
      </Box>
    </Stack>
  );
};
