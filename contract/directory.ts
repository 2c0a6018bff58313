import { type Static, type TNull, type TOptional, type TProperties, type TUnion, Type } from 'typebox';
import { BulkJob } from './bulk.ts';
import { CSV_DELIMITERS, CSV_ENCODINGS } from './csv.ts';
import {
  CreatedAnswer,
  closed,
  closedQuery,
  IdParams,
  NullableString,
  optional,
  PageAnswer,
  ReadOnly,
  RequiredText,
} from './fields.ts';
import { ACTIONS, defineErrors, defineListingNames, definePermissions, defineResource } from './kit.ts';
import { UserRecord, UserUpdateForm } from './user.ts';

/**
 * Directories (docs/requirements/portal-entities.md Directory, docs/requirements/portal-validation.md LDAP test, docs/requirements/roles-and-permissions.md directories; docs/requirements/billing-services-data-calls.md Directory users): where a
 * customer's users come from. Three types, each with its own fields: LDAP (bound with a configured account,
 * read with paged searches), Azure AD (Microsoft Graph, client credentials) and REST (a list-active-users
 * URL). A stored password or secret is never sent back: the record says whether one is set.
 */

export const DIRECTORY_TYPES = ['LDAP', 'AZURE', 'REST'] as const;
export type DirectoryType = (typeof DIRECTORY_TYPES)[number];

export const REST_AUTHENTICATIONS = ['NONE', 'BASIC', 'BEARER', 'API_KEY'] as const;
export type RestAuthentication = (typeof REST_AUTHENTICATIONS)[number];

export const LDAP_PORTS = { plain: 389, secured: 636 } as const;
export const GRAPH_DEFAULT_URLS = {
  graphUrl: 'https://graph.microsoft.com',
  authorityUrl: 'https://login.microsoftonline.com',
} as const;

/** What a new LDAP directory starts from (OpenLDAP's inetOrgPerson names; Active Directory differs). */
export const LDAP_DEFAULTS = {
  port: LDAP_PORTS.plain,
  secured: false,
  userLoginPattern: '(&(objectClass=inetOrgPerson)(uid={username}))',
  loginProperty: 'uid',
  emailAttribute: 'mail',
  displayNameAttribute: 'displayName',
  phoneAttribute: 'mobile',
} as const;

export const DIRECTORY_LIMITS = {
  name: 100,
  host: 253,
  dn: 1000,
  pattern: 500,
  attribute: 100,
  secret: 1000,
  tenantId: 253,
  applicationId: 100,
  restUsername: 200,
  restHeader: 100,
} as const;

/**
 * The fields each type requires, to save and to test the connection (docs/requirements/portal-validation.md: the test requires all
 * mandatory fields). A password or secret already stored counts as given.
 */
export const DIRECTORY_REQUIRED = {
  LDAP: ['host', 'port', 'baseDn', 'userDn', 'password', 'userLoginPattern', 'loginProperty'],
  AZURE: ['tenantId', 'applicationId', 'secret'],
  REST: ['listUsersUrl', 'restAuthentication'],
} as const satisfies Record<DirectoryType, readonly string[]>;

/** The fields each type shows and keeps (the others are cleared on save). */
export const DIRECTORY_FIELDS = {
  LDAP: [
    'host',
    'port',
    'secured',
    'baseDn',
    'userDn',
    'password',
    'userLoginPattern',
    'loginProperty',
    'emailAttribute',
    'displayNameAttribute',
    'phoneAttribute',
    'hybrid',
  ],
  AZURE: ['tenantId', 'applicationId', 'secret', 'graphUrl', 'authorityUrl', 'hybrid'],
  REST: ['restAuthentication', 'restUsername', 'restHeader', 'secret', 'listUsersUrl'],
} as const satisfies Record<DirectoryType, readonly string[]>;

/** Which REST authentications need a user name, a header name or a secret. */
export const REST_AUTH_NEEDS = {
  NONE: [],
  BASIC: ['restUsername', 'secret'],
  BEARER: ['secret'],
  API_KEY: ['restHeader', 'secret'],
} as const satisfies Record<RestAuthentication, readonly string[]>;

export const SYNC_STATUSES = ['IDLE', 'RUNNING', 'DONE', 'FAILED'] as const;

/** The last or current synchronisation of a directory's users. */
export const SyncState = Type.Object({
  status: Type.Enum(SYNC_STATUSES),
  /** RUNNING: reading the directory, then writing the users. */
  phase: Type.Union([Type.Literal('reading'), Type.Literal('writing'), Type.Null()]),
  /** Entries read from the directory so far. */
  read: Type.Integer(),
  /** Users written so far, of `total` to write. */
  written: Type.Integer(),
  total: Type.Integer(),
  added: Type.Integer(),
  updated: Type.Integer(),
  deactivated: Type.Integer(),
  /** Entries that could not be taken (no login name, a duplicate, a value too long). */
  failed: Type.Integer(),
  startedAt: NullableString,
  finishedAt: NullableString,
  /** FAILED: why, as a messageKey and one line of detail. */
  error: Type.Union([Type.Object({ messageKey: Type.String(), detail: Type.String() }), Type.Null()]),
});
export type SyncState = Static<typeof SyncState>;

/** The state of a directory never synchronised. */
export const SYNC_IDLE: SyncState = {
  status: 'IDLE',
  phase: null,
  read: 0,
  written: 0,
  total: 0,
  added: 0,
  updated: 0,
  deactivated: 0,
  failed: 0,
  startedAt: null,
  finishedAt: null,
  error: null,
};

export const DirectoryRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(DIRECTORY_TYPES),
  hybrid: Type.Boolean(),
  host: NullableString,
  port: Type.Union([Type.Integer(), Type.Null()]),
  secured: Type.Boolean(),
  baseDn: NullableString,
  userDn: NullableString,
  userLoginPattern: NullableString,
  loginProperty: NullableString,
  emailAttribute: NullableString,
  displayNameAttribute: NullableString,
  phoneAttribute: NullableString,
  tenantId: NullableString,
  applicationId: NullableString,
  graphUrl: NullableString,
  authorityUrl: NullableString,
  restAuthentication: Type.Union([Type.Enum(REST_AUTHENTICATIONS), Type.Null()]),
  restUsername: NullableString,
  restHeader: NullableString,
  listUsersUrl: NullableString,
  /** A bind password is stored (LDAP); it is never sent back. */
  passwordSet: Type.Boolean(),
  /** A client secret, password, token or key is stored (Azure AD, REST); it is never sent back. */
  secretSet: Type.Boolean(),
  /** The customer's users this directory brought in. */
  userCount: Type.Integer(),
  lastSync: SyncState,
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type DirectoryRecord = Static<typeof DirectoryRecord>;

/** The settings of a directory, as a form sends them; the server checks each against the rules of its type. */
const SETTINGS = {
  hybrid: Type.Boolean(),
  host: Type.String({ maxLength: DIRECTORY_LIMITS.host }),
  port: Type.Integer(),
  secured: Type.Boolean(),
  baseDn: Type.String({ maxLength: DIRECTORY_LIMITS.dn }),
  userDn: Type.String({ maxLength: DIRECTORY_LIMITS.dn }),
  /** Write-only: left out or empty keeps the stored one. */
  password: Type.String({ maxLength: DIRECTORY_LIMITS.secret }),
  userLoginPattern: Type.String({ maxLength: DIRECTORY_LIMITS.pattern }),
  loginProperty: Type.String({ maxLength: DIRECTORY_LIMITS.attribute }),
  emailAttribute: Type.String({ maxLength: DIRECTORY_LIMITS.attribute }),
  displayNameAttribute: Type.String({ maxLength: DIRECTORY_LIMITS.attribute }),
  phoneAttribute: Type.String({ maxLength: DIRECTORY_LIMITS.attribute }),
  tenantId: Type.String({ maxLength: DIRECTORY_LIMITS.tenantId }),
  applicationId: Type.String({ maxLength: DIRECTORY_LIMITS.applicationId }),
  /** Write-only: left out or empty keeps the stored one. */
  secret: Type.String({ maxLength: DIRECTORY_LIMITS.secret }),
  graphUrl: Type.String({ maxLength: 2048 }),
  authorityUrl: Type.String({ maxLength: 2048 }),
  restAuthentication: Type.Enum(REST_AUTHENTICATIONS),
  restUsername: Type.String({ maxLength: DIRECTORY_LIMITS.restUsername }),
  restHeader: Type.String({ maxLength: DIRECTORY_LIMITS.restHeader }),
  listUsersUrl: Type.String({ maxLength: 2048 }),
};

/** The read-only fields of the record an edit form sends back: accepted and ignored. */
const RECORD_ECHO = {
  id: ReadOnly(),
  passwordSet: ReadOnly(),
  secretSet: ReadOnly(),
  userCount: ReadOnly(),
  lastSync: ReadOnly(),
  createdDate: ReadOnly(),
  lastModifiedDate: ReadOnly(),
};

/** Fields are nullable in a form: react-admin sends the record's nulls back for the other types' fields. */
const nullable = <P extends TProperties>(properties: P) =>
  Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [
      name,
      Type.Optional(Type.Union([schema, Type.Null()])),
    ]),
  ) as unknown as { [K in keyof P]: TOptional<TUnion<[P[K], TNull]>> };

export const DirectoryForm = Type.Object(
  {
    name: RequiredText(DIRECTORY_LIMITS.name),
    type: Type.Enum(DIRECTORY_TYPES),
    ...nullable(SETTINGS),
    ...RECORD_ECHO,
  },
  closed,
);
export type DirectoryForm = Static<typeof DirectoryForm> & Partial<Record<keyof typeof SETTINGS, unknown>>;

/** Test connection: the form's settings (a directory's `id` lets a stored password or secret be used). */
export const TestConnectionBody = Type.Object(
  {
    id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    type: Type.Enum(DIRECTORY_TYPES),
    name: Type.Optional(Type.Union([Type.String({ maxLength: DIRECTORY_LIMITS.name }), Type.Null()])),
    ...nullable(SETTINGS),
    ...optional({
      passwordSet: ReadOnly(),
      secretSet: ReadOnly(),
      userCount: ReadOnly(),
      lastSync: ReadOnly(),
      createdDate: ReadOnly(),
      lastModifiedDate: ReadOnly(),
    }),
  },
  closed,
);

/**
 * The failures a test or a synchronisation names (the detail line says the rest). `notPermitted`: the
 * outbound guard does not let the portal connect to the host's address (loopback, private, link-local,
 * cloud metadata…, unless the server's OUTBOUND_ALLOW lists it); nothing was sent to it.
 */
export const CONNECTION_FAILURES = [
  'notPermitted',
  'refused',
  'timeout',
  'credentials',
  'baseDn',
  'filter',
  'tls',
  'notAllowed',
  'status',
  'format',
  'other',
] as const;

export const TestConnectionAnswer = Type.Object({
  success: Type.Boolean(),
  /** directory.test.success or directory.test.failure (the spec's texts). */
  messageKey: Type.String(),
  message: Type.String(),
  /** On failure: what went wrong, one line. */
  reason: Type.Union([Type.Enum(CONNECTION_FAILURES), Type.Null()]),
  detail: Type.Union([Type.String(), Type.Null()]),
  /** On success: the users the directory lists (LDAP: entries under the base DN matching the pattern). */
  entries: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * LDAP, on success: whether the account may write a user's password (Reset password), asked of the
   * directory on the first user found without changing it; null when it could not tell (no user, another type).
   */
  passwordWritable: Type.Union([Type.Boolean(), Type.Null()]),
});
export type TestConnectionAnswer = Static<typeof TestConnectionAnswer>;

/** The spec's texts of a connection test's answer (its messageKey and message). */
export const TEST_CONNECTION_TEXTS = {
  success: { key: 'directory.test.success', text: 'Connection is successful!' },
  failure: {
    key: 'directory.test.failure',
    ldap: "Can't connect to LDAP server!",
    other: "Can't connect to the directory!",
  },
} as const;

/** The detail of a synchronisation whose users could not be written (syncFailed's %{detail}). */
export const SYNC_WRITE_FAILED =
  'The users could not be written. Try again; if it fails again, contact support.';

export const DIRECTORY_LISTING = defineListingNames({
  filters: ['q', 'type', 'id'],
  sort: ['name', 'type', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

export const CustomerIdParams = Type.Object({ customerId: Type.String({ maxLength: 100 }) });
export const CustomerRecordParams = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});

const inCustomer = { from: 'path' } as const;
const view = { permission: 'directories:view', customer: inCustomer } as const;
const modify = { permission: 'directories:modify', customer: inCustomer } as const;
const configure = { permission: 'directories:configure', customer: inCustomer } as const;

export const directory = defineResource({
  name: 'ldap',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Directory', name: 'Directory' },
  base: '/idm-ldap/ldap',
  customerScoped: true,
  permission: 'directories',
  list: {
    by: 'pageSearch',
    sorted: true,
    path: '{base}/{customerId}/search',
    summary: "Search a customer's directories",
    access: view,
    errors: [404],
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{customerId}/{id}',
    summary: 'Read a directory (its password or secret is never sent back)',
    access: view,
    errors: [404],
    schema: { params: CustomerRecordParams, response: { 200: DirectoryRecord } },
  },
  getMany: { by: 'each' },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/{customerId}',
    body: 'data',
    summary: 'Add a directory (LDAP, Azure AD or REST), its name unique in the customer',
    access: { permission: 'directories:create', customer: inCustomer },
    errors: [404, 409],
    schema: { params: CustomerIdParams, body: DirectoryForm, response: { 201: CreatedAnswer } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{customerId}/{id}',
    body: 'data',
    summary: 'Change a directory; a password or secret left empty keeps the stored one',
    access: modify,
    errors: [404, 409],
    schema: { params: CustomerRecordParams, body: DirectoryForm, response: { 200: DirectoryRecord } },
  },
  delete: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{id}',
    query: ['customerId'],
    summary: 'Delete a directory and the users it brought in',
    access: { permission: 'directories:delete', customer: { from: 'query' } },
    errors: [404, 409],
    schema: { params: IdParams, querystring: CustomerIdParams },
  },
  deleteMany: { by: 'each' },
  actions: {
    testConnection: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/test-connection',
      body: 'data',
      summary:
        'Test the settings of a form: bind and search the base DN (LDAP), get a token and read one user (Azure AD), or read the user list (REST)',
      access: { permission: 'directories:view', customer: inCustomer },
      errors: [404],
      schema: { params: CustomerIdParams, body: TestConnectionBody, response: { 200: TestConnectionAnswer } },
    },
    sync: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/{id}/sync',
      summary:
        "Start synchronising the directory's users: added, updated and deactivated in one transaction (202; follow it with syncState)",
      access: configure,
      errors: [404, 409],
      schema: { params: CustomerRecordParams, response: { 202: SyncState } },
    },
    syncState: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/{id}/sync',
      summary: 'The current or last synchronisation of a directory',
      access: view,
      errors: [404],
      schema: { params: CustomerRecordParams, response: { 200: SyncState } },
    },
  },
});

// ——— Directory users (docs/requirements/billing-services-data-calls.md): the users a directory brought in ———

export const CSV_MAX_BYTES = 16_000_000;
export const CSV_MAX_ROWS = 100_000;
/** What became of a row of an import, or would become of it in a check (dryRun). */
export const CSV_OUTCOMES = ['CREATE', 'UPDATE', 'UNCHANGED', 'REFUSED'] as const;

export const CsvUploadQuery = Type.Object(
  {
    /** `true`: read the whole file and answer what would happen, writing nothing. */
    dryRun: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    /** Which column each field is read from (contract/csv.ts CsvMapping, as JSON); guessed from the header when left out. */
    mapping: Type.Optional(Type.String({ maxLength: 500 })),
  },
  closedQuery,
);

export const CsvUploadAnswer = Type.Object({
  /** Whether nothing was written (a check): the counts and rows say what an import would do. */
  dryRun: Type.Boolean(),
  encoding: Type.Enum(CSV_ENCODINGS),
  delimiter: Type.Enum(CSV_DELIMITERS),
  added: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  /** Every data row, in the file's order: its line, its username as the file gives it, and what became of it. */
  rows: Type.Array(
    Type.Object({
      line: Type.Integer(),
      username: Type.String(),
      outcome: Type.Enum(CSV_OUTCOMES),
    }),
  ),
  /**
   * Rows not taken, with their line in the file (the header is line 1) and why: `reason` in English and,
   * for the reasons of the catalogue, its key and params (the portal says it in the catalogue's words).
   */
  failed: Type.Array(
    Type.Object({
      line: Type.Integer(),
      reason: Type.String(),
      messageKey: Type.Optional(Type.String()),
      params: Type.Optional(Type.Record(Type.String(), Type.String())),
    }),
  ),
});
export type CsvUploadAnswer = Static<typeof CsvUploadAnswer>;

/**
 * An import of more rows than one batch (BULK_BATCH) runs as a job (contract/bulk.ts): the upload answers
 * 202 with it; how far it got, and once it has ended what became of each row it went through.
 */
export const CsvImportJob = Type.Object({
  job: BulkJob,
  /** Null while it runs; then the rows gone through (all of them, unless stopped or failed). */
  answer: Type.Union([CsvUploadAnswer, Type.Null()]),
});
export type CsvImportJob = Static<typeof CsvImportJob>;

/** The caller's import running into a directory (none: null), with the name of its file. */
export const CsvRunningImport = Type.Object({
  job: Type.Union([BulkJob, Type.Null()]),
  fileName: Type.Union([Type.String(), Type.Null()]),
});
export type CsvRunningImport = Static<typeof CsvRunningImport>;

const CsvJobParams = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  connectorId: Type.String({ maxLength: 100 }),
  jobId: Type.String({ maxLength: 100 }),
});

export const DirectoryUserParams = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  connectorId: Type.String({ maxLength: 100 }),
});
export const DirectoryUserRecordParams = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  connectorId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});

export const ResetPasswordBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  closed,
);

export const DIRECTORY_USER_LISTING = defineListingNames({
  filters: ['q', 'status'],
  sort: ['username', 'displayName', 'email', 'status', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'username', order: 'ASC' },
});

const userPath = '{base}/r-{customerId}/users/connectors/{connectorId}';
const userAccess = (
  permission: 'user-management:view' | 'user-management:modify' | 'user-management:create',
) => ({ permission, customer: { from: 'path' } }) as const;

export const directoryUser = defineResource({
  name: 'users/keycloak',
  base: '/idm-ldap/users',
  customerScoped: true,
  permission: 'user-management',
  list: {
    by: 'pageSearch',
    sorted: true,
    path: userPath,
    summary: 'The users a directory brought in, a page at a time',
    access: userAccess('user-management:view'),
    errors: [404],
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: `${userPath}/users/{id}`,
    body: 'data',
    summary: "Change a directory user's display name, email, mobile phone or status in the portal",
    access: userAccess('user-management:modify'),
    errors: [404],
    schema: { params: DirectoryUserRecordParams, body: UserUpdateForm, response: { 200: UserRecord } },
  },
  actions: {
    resetPassword: {
      by: 'call',
      method: 'PUT',
      path: `${userPath}/users/{id}/reset-password`,
      body: 'data',
      summary:
        "Write a new password to the user's entry in the LDAP directory (when the directory lets the configured account)",
      access: userAccess('user-management:modify'),
      errors: [404, 409, 502],
      schema: {
        params: DirectoryUserRecordParams,
        body: ResetPasswordBody,
        response: { 200: Type.Object({ id: Type.String() }) },
      },
    },
    uploadCsv: {
      by: 'upload',
      method: 'POST',
      path: `${userPath}/upload-csv-file`,
      part: 'file',
      summary:
        'Add or update users of a directory from a CSV file (comma, semicolon or tab; UTF-8 or Windows-1252; columns mapped or guessed from the header row; dryRun=true checks without writing; per-row results; nothing written when the file cannot be read)',
      access: userAccess('user-management:create'),
      multipart: true,
      errors: [404, 409, 413],
      query: ['dryRun', 'mapping'],
      schema: {
        params: DirectoryUserParams,
        querystring: CsvUploadQuery,
        response: { 200: CsvUploadAnswer, 202: BulkJob },
      },
    },
    runningCsvImport: {
      by: 'call',
      method: 'GET',
      path: `${userPath}/upload-csv-file/jobs/running`,
      summary:
        "The caller's CSV import running into the directory, if any, with its file's name (the import dialog follows it again once reopened)",
      access: userAccess('user-management:create'),
      errors: [404],
      schema: { params: DirectoryUserParams, response: { 200: CsvRunningImport } },
    },
    csvImportJob: {
      by: 'call',
      method: 'GET',
      path: `${userPath}/upload-csv-file/jobs/{jobId}`,
      summary:
        'How far a CSV import of more than 1,000 rows has got, and once it has ended, what became of each row (only the account that started it)',
      access: userAccess('user-management:create'),
      errors: [404],
      schema: { params: CsvJobParams, response: { 200: CsvImportJob } },
    },
    cancelCsvImport: {
      by: 'call',
      method: 'POST',
      path: `${userPath}/upload-csv-file/jobs/{jobId}/cancel`,
      summary: 'Stop a CSV import after its current batch of 1,000 rows (the rows written stay written)',
      access: userAccess('user-management:create'),
      errors: [404],
      schema: { params: CsvJobParams, response: { 200: BulkJob } },
    },
    migrateAzure: {
      by: 'call',
      method: 'POST',
      path: '{base}/azure/migrate-all-users',
      body: 'data',
      summary:
        'Bring in every user of an Azure AD directory (its synchronisation; 202, follow it with syncState)',
      access: { permission: 'directories:configure', customer: { from: 'body' } },
      errors: [404, 409],
      schema: {
        body: Type.Object(
          { customerId: Type.String({ maxLength: 100 }), connectorId: Type.String({ maxLength: 100 }) },
          closed,
        ),
        response: { 202: SyncState },
      },
    },
  },
});

export const DirectorySearchAnswer = PageAnswer(DirectoryRecord);

/** The server's answers about directories, in the catalogue's words (src/i18n/en/errors.ts). */
/**
 * Whether a directory refuses users imported from a CSV file: one with a Hybrid switch (LDAP, Azure AD) that
 * is off, whose synchronisation deactivates every user it does not list. A hybrid directory's
 * synchronisation keeps the users imported into it.
 */
export const refusesCsvImport = (directory: { type: DirectoryType; hybrid: boolean }): boolean =>
  (DIRECTORY_FIELDS[directory.type] as readonly string[]).includes('hybrid') && !directory.hybrid;

export const DIRECTORY_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.directory.notFound', text: 'Directory not found' },
  nameExisted: {
    status: 409,
    key: 'error.directory.nameExisted',
    text: 'A directory with this name already exists.',
  },
  mandatoryFields: {
    status: 400,
    key: 'error.directory.mandatoryFields',
    text: 'Please input all mandatory fields before testing the connection',
  },
  missingField: {
    status: 400,
    key: 'error.directory.missingField',
    text: "The field '%{field}' is required for a %{type} directory.",
  },
  typeChanged: {
    status: 400,
    key: 'error.directory.typeChanged',
    text: 'The type of a directory cannot be changed. Add a new directory of the other type instead.',
  },
  csvImportRunning: {
    status: 409,
    key: 'error.csv.importRunning',
    text: 'A CSV import into this directory is under way. Wait until it has ended (its users appear in the list as they are written), then import again.',
  },
  syncRunning: {
    status: 409,
    key: 'error.directory.syncRunning',
    text: 'This directory is being synchronised. Wait until it has finished.',
  },
  notAzure: {
    status: 409,
    key: 'error.directory.notAzure',
    text: 'This directory is not an Azure AD directory.',
  },
  passwordElsewhere: {
    status: 409,
    key: 'error.directory.passwordElsewhere',
    text: 'The password of this user is kept by its %{type} directory: change it there.',
  },
  passwordRefused: {
    status: 409,
    key: 'error.directory.passwordRefused',
    text: "The directory does not let the configured account change passwords. Ask the directory's administrator for that right, or change the password in the directory.",
  },
  unreachable: {
    status: 502,
    key: 'error.directory.unreachable',
    text: "Can't connect to LDAP server! %{detail}",
  },
  syncFailed: {
    key: 'error.directory.syncFailed',
    text: 'The users could not be read from the directory. %{detail}',
  },
  csvUnreadable: {
    status: 400,
    key: 'error.csv.unreadable',
    text: 'The file could not be read as CSV text: %{detail} Nothing was imported.',
  },
  csvHeader: {
    status: 400,
    key: 'error.csv.header',
    text: 'The first line must name the columns, one of them the username (such as username, email, displayName, firstName, lastName, mobilePhone, status), or the columns must be mapped. Nothing was imported.',
  },
  csvMapping: {
    status: 400,
    key: 'error.csv.mapping',
    text: 'The column mapping cannot be used: %{detail} Nothing was imported.',
  },
  csvNotHybrid: {
    status: 409,
    key: 'error.csv.notHybrid',
    text: 'This directory is not hybrid: each synchronisation deactivates the users it does not list, so imported users would be deactivated. Turn Hybrid on in its settings, or import the users into a hybrid directory. Nothing was imported.',
  },
  csvTooLarge: {
    status: 413,
    key: 'error.csv.tooLarge',
    text: 'The file is larger than %{maxBytes} bytes. Split it and upload the parts one after the other.',
  },
  csvTooManyRows: {
    status: 413,
    key: 'error.csv.tooManyRows',
    text: 'The file has more than %{maxRows} rows. Split it and upload the parts one after the other.',
  },
  /** A row's reason (CsvUploadAnswer's failed rows): the username would be a spreadsheet formula. */
  csvUsernameFormula: {
    key: 'error.csv.usernameFormula',
    text: "the username '%{username}' begins with %{character}, which a spreadsheet reads as a formula: a username may not begin with =, +, - or @.",
  },
  /** A row's reason: the username climbs out of a folder where it names a file. */
  csvUsernamePath: {
    key: 'error.csv.usernamePath',
    text: "the username '%{username}' holds %{sequence}: a username may not hold ../ or ..\\.",
  },
  /** A row's reason: the mobile phone is not a phone number (contract/phone.ts). */
  csvMobilePhoneInvalid: {
    key: 'error.csv.mobilePhoneInvalid',
    text: "the mobile phone '%{mobilePhone}' is not a phone number in international format: + and the country code, then the number (+84 90 123 45 67).",
  },
  userNotFound: { status: 404, key: 'error.user.notFound', text: 'User not found' },
});

/** The spec's texts of an LDAP directory's connection test. */
export const LDAP_ERRORS = defineErrors({
  mandatoryFields: {
    key: 'error.ldap.mandatoryFields',
    text: 'Please input all mandatory fields before testing the connection',
  },
  connected: { key: 'error.ldap.connected', text: 'Connection is successful!' },
  connectionFailed: { key: 'error.ldap.connectionFailed', text: "Can't connect to LDAP server!" },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  directories: {
    scope: 'customer',
    actions: ACTIONS,
    asset: { name: 'Directories', description: 'LDAP, Azure and REST user directories of a customer' },
  },
});
