import LoginIcon from '@mui/icons-material/Login';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  Button as MuiButton,
  Paper,
  Portal,
  Stack,
  Typography,
} from '@mui/material';
import {
  type ComponentType,
  createContext,
  Suspense,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { PasswordInput, required, useAuthProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import type { PortalAuthProvider, SecondFactorRequest } from '../authProvider';
import { DialogForm } from '../kit/DialogForm';
import { errorNotification } from '../kit/notifyError';
import { isLive, sessionStore, useSession } from '../session';
import { sessionChannel, sessionGate } from '../sessionGate';

/** The notice comes this long before the token expires, or at half its lifetime when that is shorter. */
export const NOTICE_LEAD_MS = 120_000;
/** A renewal worth offering leaves the session at least this long. */
const RENEWABLE_MS = 60_000;

/** Minutes and seconds: 1:05. */
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Now, once a second while `ticking`. */
const useNow = (ticking: boolean) => {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
};

/** The notice before the session ends: how long is left, and Stay signed in while the session may go on. */
const ExpiryNotice = ({ expiresAt, endsAt, now }: { expiresAt: number; endsAt?: number; now: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const [renewing, setRenewing] = useState(false);
  const renewable = endsAt === undefined || endsAt - now > RENEWABLE_MS;
  const stay = async () => {
    setRenewing(true);
    try {
      await authProvider?.renew();
      notify('portal.session.renewed', { type: 'info' });
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setRenewing(false);
    }
  };
  return (
    <Portal>
      <Paper
        role="alertdialog"
        aria-labelledby="session-notice"
        elevation={6}
        sx={{
          position: 'fixed',
          zIndex: (theme) => theme.zIndex.snackbar,
          left: '50%',
          transform: 'translateX(-50%)',
          bottom: 16,
          width: 'min(480px, calc(100vw - 32px))',
          p: 2,
        }}
      >
        <Typography id="session-notice" variant="body2">
          {translate(renewable ? 'portal.session.notice' : 'portal.session.noticeFinal', {
            time: clock(expiresAt - now),
          })}
        </Typography>
        {renewable && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <MuiButton variant="contained" size="small" onClick={stay} disabled={renewing}>
              {translate('portal.session.stay')}
            </MuiButton>
          </Stack>
        )}
      </Paper>
    </Portal>
  );
};

/** What the sign-in dialog shows for an account whose second factor is on (the sign-in page's own step). */
export interface SecondFactorStepProps {
  request: SecondFactorRequest;
  /** Back to the password: the request is over, or the user cancelled. */
  onBack: () => void;
  /** Completes the request (instead of opening a new session and leaving the page). */
  complete: (completion: { requestId: string; requestSecret: string; code?: string }) => Promise<void>;
}

/**
 * The second factor's step, given by the screens (src/App.tsx gives the sign-in page's, loaded when first
 * needed): the layout does not depend on the sign-in page.
 */
export const SecondFactorStepContext = createContext<ComponentType<SecondFactorStepProps> | null>(null);

/**
 * The session ended: sign in again over the page, hidden meanwhile, with the account's password. The page
 * and its forms stay as they were; the calls refused meanwhile are sent again once signed in
 * (src/sessionGate.ts). Sign out leaves for the sign-in page.
 */
const SignInAgainDialog = () => {
  const logout = useLogout();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const session = useSession();
  const [secondFactor, setSecondFactor] = useState<SecondFactorRequest | null>(null);
  const SecondFactorStep = useContext(SecondFactorStepContext);
  const translate = useTranslate();
  const email = session?.user?.email ?? '';
  const cover = (
    // What the page shows is not for whoever finds the screen once the session has ended.
    <Box
      aria-hidden
      sx={{
        position: 'fixed',
        inset: 0,
        bgcolor: 'background.default',
        zIndex: (theme) => theme.zIndex.modal - 1,
      }}
    />
  );
  // The account confirms its sign-ins in the V-Key app: its step, in the dialog, the page kept behind it.
  if (secondFactor) {
    if (!SecondFactorStep) throw new Error('SessionKeeper: no SecondFactorStepContext was given');
    return (
      <>
        {cover}
        <Dialog open aria-labelledby="second-factor-title" fullWidth maxWidth="xs" disableEscapeKeyDown>
          <DialogContent>
            <Suspense fallback={<CircularProgress aria-label={translate('ra.page.loading')} />}>
              <SecondFactorStep
                request={secondFactor}
                onBack={() => setSecondFactor(null)}
                complete={async (completion) => {
                  await authProvider!.completeSignInAgain(completion);
                  sessionGate.close(true);
                }}
              />
            </Suspense>
          </DialogContent>
        </Dialog>
      </>
    );
  }
  return (
    <>
      {cover}
      <DialogForm<{ password: string }, Awaited<ReturnType<PortalAuthProvider['signInAgain']>>>
        title="portal.session.ended"
        explanation="portal.session.explain"
        explanationOptions={{ email }}
        submit={({ password }) => authProvider!.signInAgain(password)}
        onSuccess={(outcome) => {
          if (outcome.signedIn) sessionGate.close(true);
          else setSecondFactor(outcome.secondFactor);
        }}
        keepOpen
        refresh={false}
        submitLabel="portal.session.signIn"
        submitIcon={<LoginIcon />}
        cancelLabel="portal.session.signOut"
        onClose={() => {
          sessionGate.close(false);
          void logout();
        }}
      >
        {/* The account's email, for the browser's password manager. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          source="password"
          label="portal.session.password"
          autoComplete="current-password"
          validate={required()}
          fullWidth
          autoFocus
        />
      </DialogForm>
    </>
  );
};

/**
 * Keeps the signed-in session: the notice before it ends (Stay signed in), the sign-in dialog when it has
 * ended (at its expiry, or when a call is answered 401), and the other tabs' sign-ins and sign-outs.
 */
export const SessionKeeper = () => {
  const session = useSession();
  const logout = useLogout();
  const open = useSyncExternalStore(sessionGate.subscribe, sessionGate.isOpen);
  const expiresAt = session?.expiresAt;
  const lead = Math.min(NOTICE_LEAD_MS, (session?.lifetimeMs ?? Number.POSITIVE_INFINITY) / 2);
  const [noticeAt, setNoticeAt] = useState<number>();
  const now = useNow(noticeAt !== undefined);

  // Wakes at the notice's time, then ticks until the token is renewed or expires.
  useEffect(() => {
    setNoticeAt(undefined);
    if (expiresAt === undefined) return;
    const timer = setTimeout(() => setNoticeAt(expiresAt - lead), Math.max(0, expiresAt - lead - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, lead]);

  useEffect(() => {
    if (expiresAt !== undefined && now >= expiresAt && session?.token && session.user)
      void sessionGate.open();
  }, [now, expiresAt, session?.token, session?.user]);

  // Another tab signed out: so is this one. Another signed in: this one's dialog closes, on the same account.
  useEffect(
    () =>
      sessionChannel.listen((message) => {
        if (message.type === 'signed-out') {
          sessionGate.close(false);
          void logout();
          return;
        }
        const current = sessionStore.get();
        if (current?.user?.id !== message.accountId) {
          window.location.assign('/');
          return;
        }
        if (isLive(current)) sessionGate.close(true);
      }),
    [logout],
  );

  if (open) return <SignInAgainDialog />;
  if (expiresAt === undefined || noticeAt === undefined || now >= expiresAt) return null;
  return <ExpiryNotice expiresAt={expiresAt} endsAt={session?.endsAt} now={now} />;
};
