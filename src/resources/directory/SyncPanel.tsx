import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { SYNC_IDLE } from '../../../contract/directory';
import { formatDate } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
import type { Directory, SyncState } from './directoryFields';

/** How often a running synchronisation is asked for its progress. */
export const SYNC_POLL_MS = 1000;

const when = (iso: string | null) => (iso ? formatDate(iso, { time: true }) : '');

/** What a synchronisation state says, in one line. */
export const SyncSummary = ({ state }: { state: SyncState }) => {
  const translate = useTranslate();
  if (state.status === 'DONE') {
    return (
      <Typography variant="body2">
        {translate('resources.ldap.sync.done', { ...state, date: when(state.finishedAt) })}
      </Typography>
    );
  }
  if (state.status === 'FAILED') {
    return (
      <Alert severity="error" sx={{ mt: 1 }}>
        {translate('resources.ldap.sync.failed', { date: when(state.finishedAt) })}{' '}
        {state.error
          ? translate(state.error.messageKey, { detail: state.error.detail, _: state.error.detail })
          : null}
      </Alert>
    );
  }
  if (state.status === 'IDLE') {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.ldap.sync.never')}
      </Typography>
    );
  }
  return null;
};

/** The progress of a running synchronisation: reading (indeterminate), then writing (written of total). */
const SyncProgress = ({ state }: { state: SyncState }) => {
  const translate = useTranslate();
  const writing = state.phase === 'writing' && state.total > 0;
  const label = writing
    ? translate('resources.ldap.sync.writing', { written: state.written, total: state.total })
    : translate('resources.ldap.sync.reading', { smart_count: state.read });
  return (
    <Box sx={{ mt: 1 }}>
      <LinearProgress
        variant={writing ? 'determinate' : 'indeterminate'}
        value={writing ? Math.round((100 * state.written) / state.total) : undefined}
        aria-label={label}
      />
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {label}
      </Typography>
    </Box>
  );
};

/**
 * Synchronise users (directory show page): starts the server's synchronisation, follows it while it runs
 * (also one started elsewhere), and says what it did. Shown to holders of directories:configure.
 */
export const SyncPanel = ({ pollMs = SYNC_POLL_MS }: { pollMs?: number }) => {
  const record = useRecordContext<Directory>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canConfigure } = useCanAccess({ resource: 'ldap', action: 'configure' });
  const [state, setState] = useState<SyncState | null>(record?.lastSync ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = record?.id;

  const follow = useCallback(async () => {
    if (!id) return;
    try {
      const { data } = await dataProvider.syncState('ldap', { id });
      const next = data as SyncState;
      setState(next);
      if (next.status === 'RUNNING') timer.current = setTimeout(follow, pollMs);
      else refresh();
    } catch (error) {
      notify(...errorNotification(error));
    }
  }, [dataProvider, id, notify, pollMs, refresh]);

  useEffect(() => {
    if (record?.lastSync?.status === 'RUNNING') timer.current = setTimeout(follow, pollMs);
    return () => clearTimeout(timer.current);
  }, [record?.lastSync?.status, follow, pollMs]);

  if (!record) return null;
  // A record just created (react-admin shows the create's answer first) has no synchronisation yet.
  const shown = state ?? record.lastSync ?? SYNC_IDLE;
  const running = shown.status === 'RUNNING';

  const start = async () => {
    try {
      const { data } = await dataProvider.sync('ldap', { id: record.id });
      setState(data as SyncState);
      notify('resources.ldap.notifications.syncStarted', { type: 'info' });
    } catch (error) {
      // Already running (409): follow the run that is going on.
      if ((error as { status?: number }).status !== 409) {
        notify(...errorNotification(error));
        return;
      }
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(follow, pollMs);
  };

  return (
    <Stack spacing={1} sx={{ width: '100%' }} aria-live="polite">
      {canConfigure && (
        <Box>
          <Button label="resources.ldap.sync.button" onClick={start} disabled={running} variant="contained">
            <SyncIcon />
          </Button>
        </Box>
      )}
      {running ? <SyncProgress state={shown} /> : <SyncSummary state={shown} />}
    </Stack>
  );
};
