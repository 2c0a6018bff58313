import { Box, LinearProgress, Paper, Portal, Stack, Typography } from '@mui/material';
import {
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import {
  BulkActionsToolbar,
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { BulkJob } from '../../contract/bulk';
import type { PortalDataProvider } from '../dataProviders';
import { formatNumber } from './dates';
import { useTotalCapped } from './ListPagination';
import { errorNotification } from './notifyError';
import { jobEndText, useJobProgress } from './useJobProgress';

/**
 * Bulk actions of a list over the rows picked, or over every row its filters match (server/kit/bulk.ts):
 * once the whole page is picked, _Select all N matching_ widens the selection to the list's total; an
 * action then asks to confirm with the count, starts a job on the server (the filters, not ids), shows how
 * far it got with _Stop_, and says what it changed.
 */

interface AllMatching {
  /** The whole list (every row its filters match) is the selection, not the rows picked. */
  on: boolean;
  set: (on: boolean) => void;
}

const AllMatchingContext = createContext<AllMatching>({ on: false, set: () => undefined });

/** Whether the selection is every row the list's filters match (the toolbar's Select all N matching). */
export const useAllMatching = (): boolean => useContext(AllMatchingContext).on;

/** How often a running job is asked how far it got. */
const POLL_MS = 500;

/** Whether every row of the page is picked. */
function usePageSelected(): boolean {
  const { data, selectedIds } = useListContext();
  return !!data && data.length > 0 && data.every((record) => selectedIds.includes(record.id));
}

/** _Select all N matching_, once the page is picked and more rows match than it holds; then _Clear selection_. */
function SelectAllMatching() {
  const { total, selectedIds, onUnselectItems } = useListContext();
  const { on, set } = useContext(AllMatchingContext);
  const translate = useTranslate();
  const pageSelected = usePageSelected();
  const capped = useTotalCapped();
  if (on)
    return (
      <Button
        label="portal.bulk.clear"
        onClick={() => {
          set(false);
          onUnselectItems();
        }}
      />
    );
  if (!pageSelected || total === undefined || total <= selectedIds.length) return null;
  return (
    <Button
      label={translate(capped ? 'portal.bulk.selectAllMatchingMore' : 'portal.bulk.selectAllMatching', {
        count: formatNumber(total),
      })}
      onClick={() => set(true)}
    />
  );
}

/**
 * The bulk actions toolbar of a list (react-admin's, its Select all replaced): the count it names is the
 * list's total once all matching rows are selected. The widened selection ends when the selection or the
 * filters change.
 */
export function BulkToolbar({ children }: { children: ReactNode }) {
  const { total, selectedIds, filterValues } = useListContext();
  const translate = useTranslate();
  const pageSelected = usePageSelected();
  const capped = useTotalCapped();
  const filters = JSON.stringify(filterValues);
  const [matching, setMatching] = useState<string | null>(null);
  const on = matching === filters && pageSelected && selectedIds.length > 0;
  useEffect(() => {
    if (matching !== null && !on) setMatching(null);
  }, [matching, on]);
  const value: AllMatching = { on, set: (next) => setMatching(next ? filters : null) };
  return (
    <AllMatchingContext.Provider value={value}>
      <BulkActionsToolbar
        label={
          on
            ? translate(capped ? 'portal.bulk.allMatchingMore' : 'portal.bulk.allMatching', {
                count: formatNumber(total ?? 0),
              })
            : undefined
        }
        selectAllButton={<SelectAllMatching />}
      >
        {children}
      </BulkActionsToolbar>
    </AllMatchingContext.Provider>
  );
}

export interface BulkJobButtonProps {
  /** The contract's bulk action (`deactivate`). */
  action: string;
  icon?: ReactElement;
  /**
   * Where its texts are: `<texts>.label`, `<texts>.title` and `<texts>.content` (`resources.users.bulk.deactivate`
   * by default).
   */
  texts?: string;
  /** `<texts>.done` says what a job that ended changed (`changed`, `total`), rather than the kit's words. */
  ownDone?: boolean;
  /** Shown in the error colour (a deletion), as react-admin's bulk delete is. */
  destructive?: boolean;
}

/** A bulk action's button: confirm with the count, run the job, show its progress, say what it changed. */
export function BulkJobButton({
  action,
  icon,
  texts,
  ownDone = false,
  destructive = false,
}: BulkJobButtonProps) {
  const resource = useResourceContext()!;
  const { selectedIds, total, filter: permanent, filterValues, onUnselectItems } = useListContext();
  const { on: allMatching, set: setAllMatching } = useContext(AllMatchingContext);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const base = texts ?? `resources.${resource}.bulk.${action}`;
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [job, setJob] = useState<BulkJob | null>(null);
  const count = allMatching ? (total ?? 0) : selectedIds.length;
  // Every match of a search counted up to a bound: the confirmation says "more than" (the job counts them).
  const capped = useTotalCapped();
  const more = allMatching && capped;

  const start = async () => {
    setStarting(true);
    try {
      // The list's own filter (a token pack's codes) goes with the filters or the picked ids.
      const filter = { ...permanent, ...(allMatching ? filterValues : { id: selectedIds }) };
      const { data } = await dataProvider.startBulk(resource, { action, filter });
      // A job of one batch is done when it answers.
      if (data.status === 'RUNNING') setJob(data);
      else ended(data);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setStarting(false);
      setConfirming(false);
    }
  };

  const ended = (last: BulkJob) => {
    setJob(null);
    const params = {
      action: translate(`${base}.label`),
      changed: formatNumber(last.changed),
      total: formatNumber(last.total),
    };
    const key = last.status === 'DONE' && ownDone ? `${base}.done` : jobEndText(last.status);
    notify(key, { type: last.status === 'FAILED' ? 'error' : 'info', messageArgs: params });
    setAllMatching(false);
    onUnselectItems();
    refresh();
  };

  return (
    <>
      <Button
        label={`${base}.label`}
        onClick={() => setConfirming(true)}
        disabled={job !== null}
        color={destructive ? 'error' : 'primary'}
      >
        {icon}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={starting}
        title={more ? 'portal.bulk.titleMore' : `${base}.title`}
        titleTranslateOptions={
          more ? { action: translate(`${base}.label`), count: formatNumber(count) } : { smart_count: count }
        }
        content={`${base}.content`}
        confirm={`${base}.label`}
        onConfirm={start}
        onClose={() => setConfirming(false)}
      />
      {job ? (
        <BulkProgress
          key={job.id}
          resource={resource}
          job={job}
          label={`${base}.label`}
          onEnd={ended}
          // The server no longer answers for the job (its reason notified): the panel goes, the rows it
          // changed so far show.
          onRefused={() => {
            setJob(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * A running job, in a panel at the bottom of the page that leaves the page usable: how far it got (asked
 * every POLL_MS), and _Stop_.
 */
function BulkProgress({
  resource,
  job: started,
  label,
  onEnd,
  onRefused,
}: {
  resource: string;
  job: BulkJob;
  label: string;
  onEnd: (job: BulkJob) => void;
  onRefused: () => void;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const titleId = useId();
  const { job, done, percent, stopping, stop } = useJobProgress(
    started,
    async () => ({ job: (await dataProvider.bulkJob(resource, { jobId: started.id })).data }),
    ({ job: last }) => onEnd(last),
    {
      every: POLL_MS,
      first: started.total === 0 ? 0 : POLL_MS,
      onRefused,
      cancel: () => dataProvider.cancelBulk(resource, { jobId: started.id }),
    },
  );

  const text = translate('portal.bulk.running', {
    action: translate(label),
    done: formatNumber(done),
    total: formatNumber(job.total),
  });
  // In a portal: the bulk actions toolbar it comes from is moved by a transform, which a fixed element
  // inside it would follow.
  return (
    <Portal>
      <Paper
        role="region"
        aria-labelledby={titleId}
        elevation={6}
        sx={{
          position: 'fixed',
          bottom: 16,
          right: 16,
          zIndex: (theme) => theme.zIndex.snackbar,
          width: 'min(400px, calc(100vw - 32px))',
          p: 2,
        }}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" aria-live="polite">
          {text}
        </Typography>
        <Box sx={{ py: 1 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={text} />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
            {translate('portal.bulk.runningHint')}
          </Typography>
          <Button
            label={stopping ? 'portal.bulk.stopping' : 'portal.bulk.stop'}
            onClick={stop}
            disabled={stopping}
            variant="outlined"
          />
        </Stack>
      </Paper>
    </Portal>
  );
}
