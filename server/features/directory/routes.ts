import { BULK_BATCH, BULK_ERRORS } from '../../../contract/bulk.ts';
import {
  CSV_MAX_BYTES,
  type CsvUploadAnswer,
  DIRECTORY_ERRORS,
  DIRECTORY_LISTING,
  directory,
  directoryUser,
  refusesCsvImport,
} from '../../../contract/directory.ts';
import type { UserUpdateForm } from '../../../contract/user.ts';
import { outboundPolicy } from '../../domain/outbound.ts';
import { fail } from '../../errors.ts';
import type { CallAt, CallContext } from '../../kit/call.ts';
import { callerJob, callerRunningJob, cancelJob, hasRunningJob, toJob } from '../../kit/jobs.ts';
import type { Kit } from '../../kit/kit.ts';
import { readFile } from '../../kit/multipart.ts';
import { directoryUserList } from '../user/users.ts';
import {
  applyCsvBatch,
  csvAnswer,
  csvImportAudit,
  importCsv,
  lockCsvDirectory,
  parseCsv,
  planCsv,
  readMapping,
} from './csv.ts';
import {
  auditPasswordReset,
  changeDirectoryUser,
  type DirectoryListRow,
  directoryRows,
  directoryUsers,
  findAzureDirectory,
  findDirectory,
  findDirectoryUser,
  tidyUsers,
  writeLdapPassword,
} from './directories.ts';
import { connectionOf, readDirectoryForm, readSettings } from './settings.ts';
import { isSyncing, startSync, syncStateOf, testConnection } from './sync.ts';

/**
 * Directories (contract/directory.ts) and the users they bring in: CRUD with write-only secrets, the
 * connection test, the synchronisation (started, then followed), and the directory users calls (edit,
 * password reset in LDAP, CSV upload, Azure migration). Every call acts in the customer of its path (or
 * body); what talks to a directory does it outside the call's transactions.
 */
export function directoryRoutes(kit: Kit): void {
  const syncRunning = () => fail(DIRECTORY_ERRORS.syncRunning);
  /** Where a directory may be reached: every connection goes through the outbound guard (OUTBOUND_ALLOW). */
  const outbound = outboundPolicy(kit.services.config.outboundAllow);

  kit.crud<DirectoryListRow, unknown, Record<string, unknown>, typeof directory>(directory, directoryRows, {
    record: directory.getOne.schema.response[200],
    listingNames: DIRECTORY_LISTING,
    create: {
      values: async (call, form) => ({
        customerId: call.customer,
        ...(await readDirectoryForm(call.tx, form, null)),
      }),
    },
    update: {
      values: async (call, before, form) => {
        if (isSyncing(before.id)) throw syncRunning();
        const { userCount: _count, ...stored } = before;
        return { ...(await readDirectoryForm(call.tx, form, stored)) };
      },
    },
    delete: {
      check: (_, row) => {
        if (isSyncing(row.id)) throw syncRunning();
      },
    },
  });

  kit.route(directory, 'testConnection', { transaction: false }, async (call) => {
    const { id, ...form } = call.body;
    const stored = id ? await call.transaction((tx) => findDirectory({ ...call, tx }, id)) : null;
    return testConnection(connectionOf(readSettings(form, { purpose: 'test', stored })), outbound);
  });

  // A synchronisation goes on after the answer, in transactions of its own in the directory's customer.
  kit.route(directory, 'sync', { transaction: false }, async (call) => {
    const found = await call.transaction((tx) => findDirectory({ ...call, tx }, call.params.id));
    const state = startSync({
      inCustomer: (work) => call.asCustomer(call.customer, work),
      directory: found,
      outbound,
      by: call.caller.account,
      tidy: (written) => tidyUsers(call, written),
    });
    call.reply.code(202);
    return state;
  });

  kit.route(directory, 'syncState', async (call) => syncStateOf(await findDirectory(call, call.params.id)));

  kit.route(directoryUser, 'migrateAzure', { transaction: false }, async (call) => {
    const found = await call.transaction((tx) => findAzureDirectory({ ...call, tx }, call.body.connectorId));
    const state = startSync({
      inCustomer: (work) => call.asCustomer(call.customer, work),
      directory: found,
      outbound,
      by: call.caller.account,
      tidy: (written) => tidyUsers(call, written),
    });
    call.reply.code(202);
    return state;
  });

  // ——— The users of a directory ———

  kit.list(directoryUser, 'list', {
    listing: directoryUserList,
    record: directoryUser.update.schema.response[200],
    find: (call, ask) => directoryUsers(call, (call.params as { connectorId: string }).connectorId, ask),
  });

  kit.route(directoryUser, 'update', (call) =>
    changeDirectoryUser(call, call.params.connectorId, call.params.id, call.body as UserUpdateForm),
  );

  // The password is written to the directory between two transactions: the user's, then its audit entry.
  kit.route(directoryUser, 'resetPassword', { transaction: false }, async (call) => {
    const { connectorId, id } = call.params;
    const { directory: found, user } = await call.transaction((tx) =>
      findDirectoryUser({ ...call, tx }, connectorId, id),
    );
    await writeLdapPassword(found, user, call.body.password, outbound);
    await call.transaction((tx, audit) => auditPasswordReset({ ...call, tx, audit }, user));
    return { id: user.id };
  });

  // The CSV upload reads a multipart body: its parser is enabled for this call only, with the CSV limits.
  // A check, or an import of one batch, answers at once; a longer import is a job (server/kit/jobs.ts).
  kit.multipart({ fileSize: CSV_MAX_BYTES, files: 1, fields: 0, parts: 1 }, (uploads) => {
    uploads.route(directoryUser, 'uploadCsv', { transaction: false }, async (call) => {
      const found = await call.transaction((tx) => findDirectory({ ...call, tx }, call.params.connectorId));
      const { bytes, fileName } = await readFile(call.request, {
        part: directoryUser.actions.uploadCsv.part,
        tooLarge: () => fail(DIRECTORY_ERRORS.csvTooLarge, { maxBytes: CSV_MAX_BYTES }),
      });
      if (refusesCsvImport(found)) throw fail(DIRECTORY_ERRORS.csvNotHybrid);
      const { mapping } = call.query;
      const dryRun = call.query.dryRun === 'true';
      const file = parseCsv(bytes, mapping === undefined ? undefined : readMapping(mapping));
      const by = call.caller.account;
      if (dryRun || file.rows.length <= BULK_BATCH)
        return call.transaction((tx, audit) => importCsv({ tx, audit }, found, file, by, dryRun));

      const of = { resource: directoryUser.name, action: 'import', filter: { directoryId: found.id } };
      const run = planCsv(file, false);
      const rows = file.rows.length;
      let reached = 0;
      const { job } = await uploads.jobs.start(call, {
        ...of,
        // The file's name goes with the job, for the dialog that follows it again (runningCsvImport).
        filter: { ...of.filter, fileName },
        total: rows,
        // One import at a time per directory, whichever instance takes the second.
        claim: async (tx) => {
          await lockCsvDirectory(tx, found.id);
          if (await hasRunningJob(call, tx, of)) throw fail(DIRECTORY_ERRORS.csvImportRunning);
        },
        batch: async (tx) => {
          const to = Math.min(reached + BULK_BATCH, rows);
          const { changed, keep } = await applyCsvBatch(tx, found, run, by, reached, to);
          const kept = () => {
            keep();
            reached = to;
          };
          return { done: to - reached, changed, more: to < rows, kept };
        },
        end: async (_tx, audit, { status, done }) => {
          const answer = csvAnswer(run, reached);
          await audit(csvImportAudit(found, { status, total: rows, done, answer }));
          return answer;
        },
        tidy: ({ changed }) => tidyUsers(call, changed),
      });
      call.reply.code(202);
      return toJob(job, call.services.now());
    });
  });

  // How far a long import has got, and its rows once it has ended; Cancel.
  type CsvJobCall = CallAt<typeof directoryUser, 'csvImportJob' | 'cancelCsvImport'>;
  const importJob = async (call: CallContext<CsvJobCall>) => {
    const { tx } = call;
    const { connectorId, jobId } = call.params;
    const found = await findDirectory(call, connectorId);
    const row = await callerJob(call, tx, directoryUser.name, jobId);
    if ((row.filter as { directoryId?: string }).directoryId !== found.id)
      throw fail(BULK_ERRORS.jobNotFound);
    return row;
  };
  kit.route(directoryUser, 'runningCsvImport', async (call) => {
    const found = await findDirectory(call, call.params.connectorId);
    const of = { resource: directoryUser.name, action: 'import', filter: { directoryId: found.id } };
    const row = await callerRunningJob(call, call.tx, of);
    if (!row) return { job: null, fileName: null };
    const { fileName } = row.filter as { fileName?: unknown };
    return { job: toJob(row, call.services.now()), fileName: typeof fileName === 'string' ? fileName : null };
  });
  kit.route(directoryUser, 'csvImportJob', async (call) => {
    const row = await importJob(call);
    const job = toJob(row, call.services.now());
    return {
      job,
      answer: job.status === 'RUNNING' ? null : ((row.result as CsvUploadAnswer | null) ?? null),
    };
  });
  kit.route(directoryUser, 'cancelCsvImport', async (call) => {
    const row = await importJob(call);
    return cancelJob(call, call.tx, directoryUser.name, row.id);
  });
}
