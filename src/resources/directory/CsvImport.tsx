import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import StopIcon from '@mui/icons-material/Stop';
import { Alert, Box, Grid, LinearProgress, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Button, Form, SelectInput, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { BulkJob } from '../../../contract/bulk';
import {
  CSV_TARGETS,
  type CsvEncoding,
  type CsvMapping,
  type CsvTable,
  type CsvTarget,
  csvLines,
  decodeCsv,
  guessMapping,
  mappingProblem,
  parseCsvText,
} from '../../../contract/csv';
import {
  type CsvImportJob,
  type CsvRunningImport,
  type CsvUploadAnswer,
  refusesCsvImport,
} from '../../../contract/directory';
import { saveFile } from '../../components/saveFile';
import { ActionButton } from '../../kit/ActionButton';
import { TitledDialog } from '../../kit/DialogForm';
import { formatNumber } from '../../kit/dates';
import { SimpleTable } from '../../kit/SimpleTable';
import { jobEndText, useJobProgress } from '../../kit/useJobProgress';
import type { Directory } from './directoryFields';

/** The rows of the file shown under its columns, to recognise them by. */
const SAMPLE_ROWS = 3;
/** The rows of a check or an import listed in the dialog; the result file holds them all. */
const SHOWN_ROWS = 200;
/** How often a long import is asked how far it got. */
const POLL_MS = 1000;

/** An import of more than one batch answers a job (202) rather than its rows. */
const isJob = (data: CsvUploadAnswer | BulkJob): data is BulkJob => 'status' in data;

const DELIMITER_NAMES = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

/** What a check or an import answered, with the name of the file sent. */
interface Sent {
  data: CsvUploadAnswer | BulkJob;
  name: string;
}

/** A long import under way, and the name of its file. */
interface Running {
  job: BulkJob;
  name: string;
}

/** A long import that ended stopped or failed, or without its rows (`listed` false). */
interface Interrupted {
  job: BulkJob;
  listed: boolean;
}

/** What the dialog read of the chosen file to show its columns. */
interface Preview {
  file: File;
  encoding: CsvEncoding;
  table: CsvTable;
}

/** The result file: each row of the file, what became of it (or would) and why it was refused. */
function resultFile(answer: CsvUploadAnswer, fileName: string) {
  const reasons = new Map(answer.failed.map((row) => [row.line, row.reason]));
  const lines = csvLines([
    ['line', 'username', 'outcome', 'reason'],
    ...answer.rows.map((row) => [row.line, row.username, row.outcome, reasons.get(row.line) ?? '']),
  ]);
  const stem = fileName.replace(/\.[^.]*$/, '') || 'users';
  saveFile(
    new Blob([`\uFEFF${lines}`], { type: 'text/csv;charset=utf-8' }),
    `${stem}-${answer.dryRun ? 'check' : 'import'}.csv`,
  );
}

/** Which column each field is read from: a select per field, its choices the file's columns with a first value. */
const MappingFields = ({
  table,
  mapping,
  onChange,
}: {
  table: CsvTable;
  mapping: CsvMapping;
  onChange: (mapping: CsvMapping) => void;
}) => {
  const translate = useTranslate();
  const first = table.rows[0]?.values ?? [];
  const choices = table.header.map((name, place) => ({
    id: String(place),
    name: translate('resources.ldap.csv.column', {
      place: place + 1,
      name: name || translate('resources.ldap.csv.unnamed'),
      example: first[place]?.trim().slice(0, 40) || '—',
    }),
  }));
  // The form starts from the mapping it was first given (the guess), and keeps its own values after that.
  const [values] = useState(() =>
    Object.fromEntries(
      CSV_TARGETS.map((target) => [target, mapping[target] === undefined ? '' : String(mapping[target])]),
    ),
  );
  return (
    // Its own record: not the page's directory, whose refresh after an import would reset the choices.
    <Form record={values}>
      <MappingWatch onChange={onChange} />
      <Grid container columnSpacing={2}>
        {CSV_TARGETS.map((target) => (
          <Grid key={target} size={{ xs: 12, sm: 6 }}>
            <SelectInput
              source={target}
              label={`resources.ldap.csv.targets.${target}`}
              choices={choices}
              translateChoice={false}
              emptyText="resources.ldap.csv.notImported"
              emptyValue=""
              isRequired={target === 'username'}
              helperText={false}
              fullWidth
            />
          </Grid>
        ))}
      </Grid>
    </Form>
  );
};

/** Hands the form's values up as a mapping as they change. */
const MappingWatch = ({ onChange }: { onChange: (mapping: CsvMapping) => void }) => {
  const values = useWatch() as Record<CsvTarget, string | undefined>;
  const json = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values, compared by their JSON.
  useEffect(() => {
    const mapping: CsvMapping = {};
    for (const target of CSV_TARGETS) {
      const place = values[target];
      if (place !== undefined && place !== '' && place !== null) mapping[target] = Number(place);
    }
    onChange(mapping);
  }, [json]);
  return null;
};

/** What a check or an import did, row by row (the first SHOWN_ROWS), with the result file to download. */
const Outcome = ({ answer, fileName }: { answer: CsvUploadAnswer; fileName: string }) => {
  const translate = useTranslate();
  const refused = answer.failed.length;
  const reasons = new Map(answer.failed.map((row) => [row.line, row]));
  const counts = {
    added: formatNumber(answer.added),
    updated: formatNumber(answer.updated),
    unchanged: formatNumber(answer.unchanged),
    failed: formatNumber(refused),
  };
  return (
    <Box role="status" sx={{ mt: 2 }}>
      <Alert
        severity={refused ? 'warning' : 'success'}
        action={
          <Button label="resources.ldap.csv.download" onClick={() => resultFile(answer, fileName)}>
            <DownloadIcon />
          </Button>
        }
      >
        {translate(answer.dryRun ? 'resources.ldap.csv.checked' : 'resources.ldap.csv.result', counts)}
      </Alert>
      <SimpleTable
        label={answer.dryRun ? 'resources.ldap.csv.checkTable' : 'resources.ldap.csv.resultTable'}
        focusable
        headings={[
          'resources.ldap.csv.line',
          'resources.ldap.csv.targets.username',
          'resources.ldap.csv.outcome',
          'resources.ldap.csv.reason',
        ]}
        sx={{ mt: 1 }}
      >
        {answer.rows.slice(0, SHOWN_ROWS).map((row) => {
          const failed = reasons.get(row.line);
          return (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.username}</TableCell>
              <TableCell>
                {translate(
                  `resources.ldap.csv.outcomes.${answer.dryRun ? 'check' : 'import'}.${row.outcome}`,
                )}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {failed
                  ? failed.messageKey
                    ? translate(failed.messageKey, { ...failed.params, _: failed.reason })
                    : failed.reason
                  : ''}
              </TableCell>
            </TableRow>
          );
        })}
      </SimpleTable>
      {answer.rows.length > SHOWN_ROWS && (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.ldap.csv.more', {
            shown: formatNumber(SHOWN_ROWS),
            total: formatNumber(answer.rows.length),
          })}
        </Typography>
      )}
    </Box>
  );
};

/**
 * A long import under way (a job on the server): how far it got, asked every POLL_MS, and _Stop_. Hands
 * the job and its rows up once it has ended, or says it can no longer follow it (`onRefused`).
 */
const ImportProgress = ({
  directory,
  started,
  name,
  onEnd,
  onRefused,
}: {
  directory: Directory;
  started: BulkJob;
  name: string;
  onEnd: (ended: CsvImportJob) => void;
  onRefused: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const titleId = useId();
  const ids = { connectorId: directory.id, jobId: started.id };
  const { job, done, percent, stopping, stop } = useJobProgress(
    started,
    async () => ((await dataProvider.csvImportJob('users/keycloak', ids)) as { data: CsvImportJob }).data,
    onEnd,
    { every: POLL_MS, onRefused, cancel: () => dataProvider.cancelCsvImport('users/keycloak', ids) },
  );
  const text = translate('resources.ldap.csv.importing', {
    name,
    done: formatNumber(done),
    total: formatNumber(job.total),
  });
  return (
    <Box role="region" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography variant="body2" id={titleId} aria-live="polite">
        {text}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={text} sx={{ my: 1 }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          {translate('resources.ldap.csv.importHint')}
        </Typography>
        <Button label="resources.ldap.csv.stop" onClick={stop} disabled={stopping} color="error">
          <StopIcon />
        </Button>
      </Stack>
    </Box>
  );
};

/**
 * How a long import ended when it did not end done: stopped or failed after the rows listed below it, or
 * (its rows lost: a job whose server stopped running it) in the words of a bulk action that ended so.
 */
const InterruptedAlert = ({ job, listed }: Interrupted) => {
  const translate = useTranslate();
  const failed = job.status === 'FAILED';
  const total = formatNumber(job.total);
  return (
    <Alert severity={failed ? 'error' : job.status === 'DONE' ? 'success' : 'warning'} sx={{ mt: 2 }}>
      {listed
        ? translate(failed ? 'resources.ldap.csv.failed' : 'resources.ldap.csv.stopped', {
            done: formatNumber(Math.min(job.done, job.total)),
            total,
          })
        : translate(jobEndText(job.status), {
            action: translate('resources.ldap.csv.button'),
            changed: formatNumber(job.changed),
            total,
          })}
    </Alert>
  );
};

/**
 * Import users from a CSV file into the directory: the file is read in the browser to show its columns
 * with their first rows, each field mapped to a column (guessed from the header); _Check_ sends the whole
 * file with the mapping and writes nothing, answering what each row would become; _Import_ sends it again
 * to be written, as checked. Both list the rows and offer the result file.
 */
export const CsvImportDialog = ({ directory, onClose }: { directory: Directory; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [answer, setAnswer] = useState<CsvUploadAnswer | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  // A long import under way with the name of its file (kept with it, whatever the file input shows), then
  // how it ended when it did not end done, or ended without its rows.
  const [running, setRunning] = useState<Running | null>(null);
  const [interrupted, setInterrupted] = useState<Interrupted | null>(null);
  // The name of the file whose answer is shown (its result file is named after it).
  const [answerOf, setAnswerOf] = useState('');
  const refresh = useRefresh();
  const inputId = useId();

  // An import this account started into the directory and that still runs is followed again (the dialog
  // was closed, or the page left, while it ran).
  useEffect(() => {
    let live = true;
    dataProvider
      .runningCsvImport('users/keycloak', { connectorId: directory.id })
      .then(({ data }: { data: CsvRunningImport }) => {
        if (live && data.job) setRunning((now) => now ?? { job: data.job!, name: data.fileName ?? '' });
      })
      // Not knowing only means not following: an import started now is refused while the other runs.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider, directory.id]);

  const choose = async (file: File | undefined) => {
    // The file input waits for a check or an import under way (it is disabled meanwhile).
    if (busy !== null || running !== null) return;
    setAnswer(null);
    setInterrupted(null);
    setPreview(null);
    setUnreadable(false);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { text, encoding } = decodeCsv(bytes);
    const table = parseCsvText(text, SAMPLE_ROWS);
    if (table.header.length === 0 || bytes.includes(0)) {
      setUnreadable(true);
      return;
    }
    setPreview({ file, encoding, table });
    setMapping(guessMapping(table.header));
  };
  const problem = preview ? mappingProblem(mapping, preview.table.header.length) : undefined;
  const send = (dryRun: boolean): Promise<Sent> => {
    const { file } = preview!;
    setBusy(dryRun ? 'check' : 'import');
    return dataProvider
      .uploadCsv('users/keycloak', {
        connectorId: directory.id,
        file,
        dryRun: String(dryRun),
        mapping: JSON.stringify(mapping),
      })
      .then(({ data }: { data: CsvUploadAnswer | BulkJob }) => ({ data, name: file.name }))
      .finally(() => setBusy(null));
  };
  // Import is offered once the file has been checked with the mapping as it is.
  const checked = answer?.dryRun === true;
  const ready =
    preview !== null &&
    problem === undefined &&
    busy === null &&
    running === null &&
    !refusesCsvImport(directory);
  const received = ({ data, name }: Sent) => {
    setInterrupted(null);
    if (isJob(data)) {
      setAnswer(null);
      setRunning({ job: data, name });
    } else {
      setAnswer(data);
      setAnswerOf(name);
    }
  };
  const ended = ({ job: last, answer: rows }: CsvImportJob) => {
    // The file's name is the job's: a dialog reopened while the job ran shows no file of its own.
    setAnswerOf(running?.name ?? preview?.file.name ?? '');
    setRunning(null);
    setAnswer(rows);
    // A job the server answers ended without its rows (a stale one: its server stopped running it) is
    // said without them.
    if (last.status !== 'DONE' || rows === null) setInterrupted({ job: last, listed: rows !== null });
    refresh();
  };

  return (
    <TitledDialog
      title="resources.ldap.csv.title"
      onClose={onClose}
      maxWidth="md"
      actions={
        <>
          {/* On a phone react-admin's Button shows its icon alone, named by its label (aria-label and tooltip);
              Check and Import keep their text (react-admin's leaves a disabled icon button unnamed). */}
          <Button label="ra.action.close" onClick={onClose}>
            <CloseIcon />
          </Button>
          <ActionButton
            label="resources.ldap.csv.check"
            variant="outlined"
            on="none"
            refresh={false}
            run={() => send(true)}
            onSuccess={received}
            disabled={!ready}
          />
          <ActionButton
            label="resources.ldap.csv.upload"
            variant="contained"
            on="none"
            run={() => send(false)}
            onSuccess={received}
            disabled={!ready || !checked}
          />
        </>
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('resources.ldap.csv.explain')}
      </Typography>
      <Box component="label" htmlFor={inputId} sx={{ display: 'block', mb: 1 }}>
        {translate('resources.ldap.csv.choose')}
      </Box>
      <input
        id={inputId}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        disabled={busy !== null || running !== null}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {unreadable && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('resources.ldap.csv.unreadable')}
        </Alert>
      )}
      {preview && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Typography variant="body2">
            {translate('resources.ldap.csv.read', {
              encoding: preview.encoding,
              delimiter: translate(
                `resources.ldap.csv.delimiters.${DELIMITER_NAMES[preview.table.delimiter]}`,
              ),
              columns: preview.table.header.length,
            })}
          </Typography>
          <SimpleTable
            label="resources.ldap.csv.sample"
            focusable
            headings={preview.table.header.map((name, place) => `${place + 1}. ${name}`)}
          >
            {preview.table.rows.map((row) => (
              <TableRow key={row.line}>
                {preview.table.header.map((_, place) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column's place.
                  <TableCell key={place} sx={{ whiteSpace: 'nowrap' }}>
                    {row.values[place] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </SimpleTable>
          <Typography variant="subtitle2" component="h3">
            {translate('resources.ldap.csv.mapping')}
          </Typography>
          <MappingFields
            key={`${preview.file.name} ${preview.file.lastModified} ${preview.file.size}`}
            table={preview.table}
            mapping={mapping}
            onChange={(next) => {
              if (CSV_TARGETS.every((target) => next[target] === mapping[target])) return;
              setMapping(next);
              setAnswer(null);
            }}
          />
          {problem && (
            <Alert severity="info">{translate(`resources.ldap.csv.problems.${problem.kind}`)}</Alert>
          )}
        </Stack>
      )}
      {busy && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" id={`${inputId}-busy`}>
            {translate(busy === 'check' ? 'resources.ldap.csv.checking' : 'resources.ldap.csv.uploading', {
              name: preview?.file.name ?? '',
            })}
          </Typography>
          <LinearProgress aria-labelledby={`${inputId}-busy`} />
        </Box>
      )}
      {running && (
        <ImportProgress
          key={running.job.id}
          directory={directory}
          started={running.job}
          name={running.name}
          onEnd={ended}
          // The server no longer answers for the job (its reason notified): Check and Import are offered again.
          onRefused={() => setRunning(null)}
        />
      )}
      {interrupted && <InterruptedAlert {...interrupted} />}
      {answer && <Outcome answer={answer} fileName={answerOf} />}
    </TitledDialog>
  );
};
