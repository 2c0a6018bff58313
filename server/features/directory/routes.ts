import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CSV_MAX_BYTES,
  DIRECTORY_ERRORS,
  DIRECTORY_LISTING,
  type DirectoryRecord,
  directory,
  directoryUser,
} from '../../../contract/directory.ts';
import { meetsPasswordRules } from '../../../contract/rules.ts';
import type { UserRecord, UserUpdateForm } from '../../../contract/user.ts';
import { callerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, ilikeAny, inList } from '../../db/listing.ts';
import { directories, users, userTallies } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../kit/pageSearch.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';
import { userNotFound } from '../user/routes.ts';
import {
  auditedUser,
  directoryUserList,
  readUserUpdate,
  selectUsers,
  tallyOf,
  toUserRecord,
} from '../user/users.ts';
import { importCsv, readCsvUpload } from './csv.ts';
import { LdapError, setLdapPassword } from './ldapClient.ts';
import { connectionOf, type DirectoryRow, readDirectoryForm, readSettings } from './settings.ts';
import { isSyncing, startSync, syncStateOf, testConnection } from './sync.ts';

/**
 * Directories (contract/directory.ts) and the users they bring in: CRUD with write-only secrets, the
 * connection test, the synchronisation (started, then followed), and the directory users calls (edit,
 * password reset in LDAP, CSV upload, Azure migration). Every call acts in the customer of its path.
 */

const E = DIRECTORY_ERRORS;
export const directoryNotFound = () => notFound(E.notFound.key, E.notFound.text);
const syncRunning = () => conflict(E.syncRunning.key, E.syncRunning.text);

/** A directory's users, from the tallies. */
const userCount = sql<number>`coalesce((select sum(${userTallies.total}) from ${userTallies}
  where ${userTallies.customerId} = ${directories.customerId}
  and ${userTallies.directoryKey} = ${directories.id}::text), 0)::int`;

const selectDirectories = (db: Database) =>
  db
    .select({ ...getTableColumns(directories), userCount })
    .from(directories)
    .$dynamic();

type Row = DirectoryRow & { userCount: number };

const directoryList = defineListing({
  filters: {
    q: ilikeAny([directories.name, directories.host, directories.tenantId, directories.listUsersUrl]),
    type: equals(directories.type),
    id: inList(directories.id),
  },
  sort: {
    name: directories.name,
    type: directories.type,
    createdDate: directories.createdDate,
    lastModifiedDate: directories.lastModifiedDate,
    id: directories.id,
  },
  defaultSort: DIRECTORY_LISTING.defaultSort,
  unique: directories.id,
});

const toRecord = ({ userCount: count, ...d }: Row): DirectoryRecord => ({
  id: d.id,
  name: d.name,
  type: d.type,
  hybrid: d.hybrid,
  host: d.host,
  port: d.port,
  secured: d.secured,
  baseDn: d.baseDn,
  userDn: d.userDn,
  userLoginPattern: d.userLoginPattern,
  loginProperty: d.loginProperty,
  emailAttribute: d.emailAttribute,
  displayNameAttribute: d.displayNameAttribute,
  phoneAttribute: d.phoneAttribute,
  tenantId: d.tenantId,
  applicationId: d.applicationId,
  graphUrl: d.graphUrl,
  authorityUrl: d.authorityUrl,
  restAuthentication: d.restAuthentication,
  restUsername: d.restUsername,
  restHeader: d.restHeader,
  listUsersUrl: d.listUsersUrl,
  passwordSet: d.password !== null,
  secretSet: d.secret !== null,
  userCount: Number(count),
  lastSync: syncStateOf(d),
  createdDate: d.createdDate.toISOString(),
  lastModifiedDate: d.lastModifiedDate.toISOString(),
});

/** What the audit log keeps of a directory (the password and secret only as changed). */
const audited = (row: Row) => {
  const {
    userCount: _count,
    id: _id,
    customerId: _customer,
    lastSync: _sync,
    createdDate: _c,
    lastModifiedDate: _m,
    ...kept
  } = row;
  return kept;
};

export const directoryRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  // The rows carry the directory under `directory`; crud's id and customer columns are the table's.
  const select = (database: Database) => selectDirectories(database);
  const rows = crud<Row, DirectoryRecord, Record<string, unknown>>(app, {
    db,
    contract: directory,
    listingNames: DIRECTORY_LISTING,
    table: directories,
    id: directories.id,
    customerColumn: directories.customerId,
    select,
    listing: directoryList,
    record: directory.getOne.schema.response[200],
    toRecords: (_, found) => found.map(toRecord),
    notFound: directoryNotFound,
    audit: { table: 'Directory', fields: audited, customerOf: (row) => row.customerId },
    modifiedAt: directories.lastModifiedDate,
    create: {
      values: async ({ tx, customer }, form) => ({
        customerId: customer,
        ...(await readDirectoryForm(tx, customer!, form, null)),
      }),
    },
    update: {
      values: async ({ tx }, before, form) => {
        if (isSyncing(before.id)) throw syncRunning();
        const { userCount: _count, ...stored } = before;
        return { ...(await readDirectoryForm(tx, before.customerId, form, stored)) } as Record<
          string,
          unknown
        >;
      },
    },
    delete: {
      check: (_, row) => {
        if (isSyncing(row.id)) throw syncRunning();
      },
    },
  });

  /** The caller's directory named by `id` (a 404 for any other). */
  const findDirectory = async (
    request: FastifyRequest,
    id: unknown,
    database: Database = db,
  ): Promise<DirectoryRow> => {
    const { userCount: _count, ...found } = await rows.find(database, request, id);
    return found;
  };

  app.route({
    ...routeOf(directory.base, directory.actions.testConnection, 'ldap.testConnection'),
    handler: async (request) => {
      const { id, ...form } = request.body;
      const stored = id ? await findDirectory(request, id) : null;
      return testConnection(connectionOf(readSettings(form, { purpose: 'test', stored })));
    },
  });

  const sync = (request: FastifyRequest, found: DirectoryRow) =>
    startSync(
      {
        db,
        directory: found,
        connection: connectionOf(readSettings({ ...found }, { purpose: 'test', stored: found })),
        by: callerOf(request).account,
      },
      syncRunning,
    );

  app.route({
    ...routeOf(directory.base, directory.actions.sync, 'ldap.sync'),
    handler: async (request, reply) => {
      const state = sync(request, await findDirectory(request, request.params.id));
      reply.code(202);
      return state;
    },
  });

  app.route({
    ...routeOf(directory.base, directory.actions.syncState, 'ldap.syncState'),
    handler: async (request) => syncStateOf(await findDirectory(request, request.params.id)),
  });

  app.route({
    ...routeOf(directoryUser.base, directoryUser.actions.migrateAzure, 'users/keycloak.migrateAzure'),
    handler: async (request, reply) => {
      const found = await findDirectory(request, request.body.connectorId);
      if (found.type !== 'AZURE') throw conflict(E.notAzure.key, E.notAzure.text);
      const state = sync(request, found);
      reply.code(202);
      return state;
    },
  });

  // ——— The users of a directory ———

  /** The user of the caller's directory (both named by the path). */
  const findDirectoryUser = async (
    request: FastifyRequest,
    connectorId: string,
    id: string,
    database: Database = db,
  ) => {
    const found = await findDirectory(request, connectorId, database);
    if (!UUID_PATTERN.test(id)) throw userNotFound();
    const [row] = await selectUsers(database).where(
      and(
        eq(users.id, id.toLowerCase()),
        eq(users.directoryId, found.id),
        eq(users.customerId, found.customerId),
      ),
    );
    if (!row) throw userNotFound();
    return { directory: found, user: row };
  };

  // The list names its directory in the path: its own handler, on the paging of every GET search.
  const listRoute = routeOf(
    directoryUser.base,
    { ...directoryUser.list, method: 'GET' as const },
    'users/keycloak.list',
  );
  app.route({
    ...listRoute,
    schema: {
      ...listRoute.schema,
      querystring: pageSearchQuery(directoryUserList),
      response: { 200: pageAnswer(directoryUser.update.schema.response[200]) },
    },
    handler: async (request) => {
      const { connectorId } = request.params as { connectorId: string };
      const found = await findDirectory(request, connectorId);
      const ask = readPageSearch(directoryUserList, request.query as object);
      const knownTotal = () => tallyOf(db, found.customerId, { ...ask.filters, directoryId: found.id });
      const page = await findRows(
        db,
        selectUsers(db),
        directoryUserList,
        { ...ask, knownTotal },
        eq(users.customerId, found.customerId),
        eq(users.directoryId, found.id),
      );
      return answerPage({ rows: page.rows.map(toUserRecord), total: page.total }, ask);
    },
  });

  app.route({
    ...routeOf(directoryUser.base, directoryUser.update, 'users/keycloak.update'),
    handler: async (request) => {
      const { connectorId, id } = request.params;
      const changed = await db.transaction(async (tx) => {
        const { user } = await findDirectoryUser(request, connectorId, id, tx);
        const values = readUserUpdate(request.body as UserUpdateForm);
        await tx
          .update(users)
          .set({ ...values, lastModifiedDate: new Date() })
          .where(eq(users.id, user.id));
        const [after] = await selectUsers(tx).where(eq(users.id, user.id));
        await recordAudit(tx, callerOf(request).account, {
          table: 'User',
          action: 'UPDATE',
          entityId: user.id,
          customerId: user.customerId,
          before: auditedUser(user),
          after: auditedUser(after!),
        });
        return after!;
      });
      return toUserRecord(changed) satisfies UserRecord;
    },
  });

  app.route({
    ...routeOf(directoryUser.base, directoryUser.actions.resetPassword, 'users/keycloak.resetPassword'),
    handler: async (request) => {
      const { connectorId, id } = request.params;
      const { directory: found, user } = await findDirectoryUser(request, connectorId, id);
      const { password } = request.body;
      if (!meetsPasswordRules(password)) {
        throw invalidField(
          'password',
          'must have at least 8 characters, with an uppercase letter, a lowercase letter and a digit',
        );
      }
      if (found.type !== 'LDAP' || user.source !== 'LDAP' || !user.externalId) {
        throw conflict(E.passwordElsewhere.key, E.passwordElsewhere.text, {
          type: user.source === 'CSV' ? 'CSV' : found.type,
        });
      }
      const connection = connectionOf(readSettings({ ...found }, { purpose: 'test', stored: found }));
      if (connection.type !== 'LDAP') throw new Error('unreachable');
      try {
        await setLdapPassword(connection.settings, user.externalId, password);
      } catch (error) {
        if (error instanceof LdapError) {
          if (error.reason === 'notAllowed') throw conflict(E.passwordRefused.key, E.passwordRefused.text);
          throw new AppError(502, E.unreachable.key, E.unreachable.text, { detail: error.detail });
        }
        throw error;
      }
      await recordAudit(db, callerOf(request).account, {
        table: 'User',
        action: 'UPDATE',
        entityId: user.id,
        customerId: user.customerId,
        changes: { password: { before: '(hidden)', after: '(hidden)' } },
      });
      return { id: user.id };
    },
  });

  // The CSV upload reads a multipart body: its parser is enabled for this route only, with the CSV limits.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });
    scope.route({
      ...routeOf(directoryUser.base, directoryUser.actions.uploadCsv, 'users/keycloak.uploadCsv'),
      handler: async (request) => {
        const { connectorId } = request.params as { connectorId: string };
        const found = await findDirectory(request, connectorId);
        const rowsOfFile = await readCsvUpload(request);
        return db.transaction((tx) => importCsv(tx, found, rowsOfFile, callerOf(request).account));
      },
    });
  });
};
