import type { TSchema } from 'typebox';
import type { Permission, PermissionResource } from './permissions.ts';

/**
 * The words of a contract: what a call sends and where (read by the portal's data layer), and who may make
 * it, where its customer comes from and what it checks (read by the server's guard, routes and OpenAPI
 * document). A contract imports nothing from `src/` or `server/`; both import it.
 *
 * Paths are templates: `{base}` is the resource's path, `{customerId}` the customer the call acts in, any
 * other `{name}` a value of the call (the portal fills it from the call's params; the server reads it as a
 * path parameter `:name`).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a call sends as its JSON body: `data` the params' data, `meta` the params' meta, `id` `{id}`,
 * `ids` `{ids}`, or an object whose `'{name}'` values are filled from the params.
 */
export type BodySpec = 'data' | 'meta' | 'id' | 'ids' | Readonly<Record<string, string>>;

/**
 * Where a call finds the customer it acts in. The guard resolves it once, before the handler, and hands the
 * handler the customer id (or null for the provider itself):
 * - `none`: the call does not act in a customer (provider settings, sign-in…);
 * - `own`: the caller's own customer (accounts of a customer only);
 * - `path`, `query`, `body`: a field of the request (`customerId` unless `name` says otherwise). A customer's
 *   account may name only its own customer; an operator any existing one. `optional`: the field may be left
 *   out: a customer's account then acts in its own customer, an operator in the provider's own records
 *   (null). `provider`: a value that names the provider itself (operators only). `alsoIn`: the request
 *   names the customer again, in a body (or query) field of the same name: another customer there is
 *   refused like a customer the caller may not act in (404); a field left out is the schema's to judge.
 */
export type CustomerSource =
  | { from: 'none' }
  | { from: 'own' }
  | {
      from: 'path' | 'query' | 'body';
      name?: string;
      optional?: true;
      provider?: string;
      alsoIn?: 'body' | 'query';
    };

/** A permission, held by the accounts of a scope ('any' by default). */
export interface Grant {
  permission: Permission;
  scope?: 'provider' | 'customer' | 'any';
}

/** Who may make a call. Every call declares one; the guard enforces it. */
export type AccessRule =
  | { public: true }
  | {
      public?: false;
      /** The permission the caller's roles must grant; left out: any signed-in account. */
      permission?: Permission;
      /** 'provider': operators only (no customer); 'customer': a customer's accounts only; 'any' (default). */
      scope?: 'provider' | 'customer' | 'any';
      /**
       * Grants any one of which admits the caller (beside `scope`, instead of `permission`): the accounts
       * of the given scope whose roles grant the permission.
       */
      anyOf?: readonly Grant[];
      /** The call is for operators only when its path parameter `param` is `is` (the provider's dashboard). */
      providerWhen?: { param: string; is: string };
      /**
       * Grants that depend on a path parameter's value (a dashboard's panel): any one of the value's grants
       * admits the caller; a value not listed is the handler's to refuse (404).
       */
      byParam?: { param: string; grants: Readonly<Record<string, readonly Grant[]>> };
      /** Where the call's customer comes from (default `none`). */
      customer?: CustomerSource;
      /** Allowed to an account that must still change its password (sign-out, the session reads…). */
      duringPasswordChange?: true;
    };

/** The server's schemas of a call (TypeBox); they check the input and feed the OpenAPI document. */
export interface CallSchema {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** Answers by status (200, 201, 204…). */
  response?: Readonly<Record<number, TSchema>>;
}

/** What the server needs to know of every call beside its method and path. */
export interface CallInfo {
  /** One line for the API document. */
  summary: string;
  access: AccessRule;
  /** The error statuses the call may answer beside 400, 401, 403, 429 and 500 (for the API document). */
  errors?: readonly number[];
  /** A multipart body (create and update with an image): no JSON body schema. */
  multipart?: true;
  /** The server's schemas of the call. */
  schema?: CallSchema;
  /**
   * The rate limit the call counts against (server/http/rateLimit.ts): 'signin' per client address,
   * 'public' per client address and call (every call open without a token), 'passwordCheck' per account
   * and address (a call that checks the caller's password), 'gateway' per address and per API key (a
   * gateway's code check), 'accountCreation' per administrator (its 409s tell which emails have an
   * account somewhere), 'signup' per client address and call and per email named (RATE_LIMIT_SIGNUP: the
   * calls that send mail to, or tell about, an address a visitor types).
   */
  limit?: 'signin' | 'public' | 'passwordCheck' | 'gateway' | 'accountCreation' | 'signup';
}

// ——— List, record and action calls, by convention (the portal's adapters speak these) ———
// Each word comes twice: its wire part (what the portal's data layer reads; a resource the server does not
// serve yet is described with these alone) and the contract's call (the wire part and the server's CallInfo).

/** A list (getList and getManyReference), by convention. */
export type ListSpec =
  | /** ra-data-simple-rest: GET {base}?sort&range&filter, the total from Content-Range. */ { by: 'range' }
  | /** GET {path}?page={page-1}&pageSize&<filters>, answering {content|contents, totalElements}. */ {
      by: 'pageSearch';
      path: string;
      pageParam?: 'page' | 'pageNumber';
      query?: readonly string[];
      /** The list's sort is sent too: `sort={field}&order={ASC|DESC}`. */
      sorted?: true;
    }
  | /** POST {path} {page: page-1, limit, filters, sort}, answering {contents|content, totalElements}. */ {
      by: 'postSearch';
      path: string;
    }
  | /** GET {path}?<filters>, answering an array: the total is its length. */ { by: 'array'; path: string };
export type ListCall = ListSpec &
  CallInfo & {
    /**
     * false: the list has no export of the rows it shows (exportTemplateOf), and says why: it is not a
     * table's rows (the screen exports what it holds its own way), or no screen shows it as a list.
     */
    exported?: false;
  };

/** A record call: the method, the path, the body (getOne/getMany/create/update/delete/deleteMany). */
export interface RecordSpec {
  by: 'record';
  method: HttpMethod;
  path: string;
  body?: BodySpec;
  /** Query parameters by name; `ids` is sent as `a,b`. */
  query?: readonly string[];
}
export interface RecordCall extends RecordSpec, CallInfo {}

/** Create or update as multipart: the resource's json/info part with the fields, and an iconFile part. */
export interface MultipartSpec {
  by: 'multipart';
  method: 'POST' | 'PUT';
  path: string;
}
export interface MultipartCall extends MultipartSpec, CallInfo {}

/** The ra-data-simple-rest call of the method on {base} (GET/PUT/DELETE {base}/{id}). */
export interface RangeSpec {
  by: 'range';
}
export interface RangeCall extends RangeSpec, CallInfo {}

/** getMany, updateMany, deleteMany: one getOne, update or delete per id (no call of its own). */
export interface EachCall {
  by: 'each';
}

/** A named action: `dataProvider[name](resource, params)`. */
export type ActionSpec =
  | /** One call, answering {data: json}. */ {
      by: 'call';
      method: HttpMethod;
      path: string;
      body?: BodySpec;
      query?: readonly string[];
    }
  | /** One call per id of params.ids (or params.id), answering {data: ids}. */ {
      by: 'eachId';
      method: HttpMethod;
      path: string;
      body?: BodySpec;
    }
  | /** A file download, answering {data: {fileName, blob}}. */ {
      by: 'download';
      method: HttpMethod;
      path: string;
      body?: BodySpec;
      query?: readonly string[];
      fileName: string;
    }
  | /** A multipart upload of the file found at params[part], answering {data: json}. */ {
      by: 'upload';
      method: 'POST' | 'PUT';
      path: string;
      part: string;
      query?: readonly string[];
    };
export type ActionCall = ActionSpec & CallInfo;

/** What the portal's data layer reads of a resource: its path, its scope and the convention of each call. */
export interface ResourceWire {
  /** The resource's path under one of the base families (it may hold `{customerId}`). */
  base: string;
  /** Its records belong to a customer: the portal refuses its calls without one in the session. */
  customerScoped: boolean;
  /** The multipart part carrying the record's fields. */
  multipartPart?: 'json' | 'info';
  /** The image parts a multipart create or update may carry, each from the field of its name (default: one, iconFile). */
  multipartFiles?: readonly string[];
  /** Errors carry the server's `message` rather than its `messageKey`. */
  preferMessage?: boolean;
  /** Errors are logged and swallowed: the call resolves with an empty answer. */
  swallowErrors?: boolean;
  list?: ListSpec;
  getOne?: RecordSpec | RangeSpec;
  getMany?: RecordSpec | RangeSpec | EachCall;
  create?: RecordSpec | MultipartSpec;
  update?: RecordSpec | MultipartSpec | RangeSpec;
  updateMany?: EachCall;
  delete?: RecordSpec | RangeSpec;
  deleteMany?: RecordSpec | EachCall;
  actions?: Readonly<Record<string, ActionSpec>>;
  /** The bulk actions of its paged list, by name (bulkTemplatesOf). */
  bulk?: Readonly<Record<string, unknown>>;
}

/** A call that is not a react-admin method or a named action of a resource (sign-in, the session…). */
export interface PlainCall extends CallInfo {
  method: HttpMethod;
  path: string;
}

/**
 * A resource of the portal and its calls. The portal's data layer reads the wire words (`by`, `path`,
 * `body`…), its canAccess the `permission`; the server's guard and routes read each call's `access` and
 * `schema`.
 */
export interface ResourceContract extends ResourceWire {
  /** The react-admin resource name. */
  name: string;
  /**
   * The audit log's entries of this resource: the table they name (the list's table filter, `AuditTable`)
   * and its English name (contract/auditTables.ts is made from these by `npm run registry`).
   */
  audit?: { table: string; name: string };
  /**
   * The catalogue resource whose permissions guard the portal's screens (react-admin's canAccess: list and
   * show need `view`, create `create`, edit `modify`, delete `delete`); several: any of them will do; null:
   * any signed-in user.
   */
  permission: PermissionResource | readonly PermissionResource[] | null;
  list?: ListCall;
  getOne?: RecordCall | RangeCall;
  getMany?: RecordCall | RangeCall | EachCall;
  create?: RecordCall | MultipartCall;
  update?: RecordCall | MultipartCall | RangeCall;
  updateMany?: EachCall;
  delete?: RecordCall | RangeCall;
  deleteMany?: RecordCall | EachCall;
  actions?: Readonly<Record<string, ActionCall>>;
  /**
   * Actions over every row its paged list's filters match (server/kit/bulk.ts), run by the server as a job
   * in batches: the rows picked in the portal are sent as the filter `id`, all the matching ones as the
   * list's filters.
   */
  bulk?: Readonly<Record<string, BulkActionCall>>;
}

/** A bulk action of a list (ResourceContract.bulk). */
export interface BulkActionCall {
  /** One line for the API document. */
  summary: string;
  /** What the caller's roles must grant, beside the list's own customer rule. */
  permission: Permission;
  /** The action of its audit entry (one per job: the filter, the rows matched and changed). */
  audit: 'ACTIVATE' | 'DEACTIVATE' | 'DELETE' | 'UPDATE' | 'SEND';
}

/** A family of plain calls (sign-in, the session, QR sign-in…). */
export interface CallFamily {
  name: string;
  calls: Readonly<Record<string, PlainCall>>;
}

/** One HTTP route a contract asks the server for. */
export interface ContractRoute {
  /** `customer.list`, `customer.activate`, `auth.signin`… */
  key: string;
  method: HttpMethod;
  /** The template with `{base}` filled in: `/customer/{id}/update_profile`. */
  template: string;
  info: CallInfo;
}

const RESOURCE_METHODS = [
  'list',
  'getOne',
  'getMany',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

/** The method and template of a convention call on `base` (undefined: no route of its own). */
function routeOfCall(
  method: (typeof RESOURCE_METHODS)[number],
  call: ListCall | RecordCall | MultipartCall | RangeCall | EachCall,
): { method: HttpMethod; template: string } | undefined {
  switch (call.by) {
    case 'each':
      return undefined;
    case 'range':
      if (method === 'list') return { method: 'GET', template: '{base}' };
      if (method === 'getMany') return undefined; // the list's route, with filter={"id":[…]}
      if (method === 'getOne') return { method: 'GET', template: '{base}/{id}' };
      if (method === 'update') return { method: 'PUT', template: '{base}/{id}' };
      if (method === 'delete') return { method: 'DELETE', template: '{base}/{id}' };
      throw new Error(`The range convention has no ${method} call`);
    case 'pageSearch':
    case 'array':
      return { method: 'GET', template: call.path };
    case 'postSearch':
      return { method: 'POST', template: call.path };
    default:
      return { method: call.method, template: call.path };
  }
}

/**
 * Every paged list's export (server/kit/exports.ts): all the rows its filters match, in its sort, as CSV or
 * JSON, at its own path under the list's (`GET {list path}/export/{format}`, csv or json: a path that no
 * other call takes, the translations' own `{base}/export` included), to whoever may read the list.
 */
export const exportTemplateOf = (listTemplate: string): string => `${listTemplate}/export/{format}`;
export const EXPORT_FORMATS = ['csv', 'json'] as const;

/** Whether a list names its customer in its body (the accounts' search: `filters.customerId`). */
export const customerInBody = (list: ListSpec | ListCall | undefined): boolean => {
  const access = (list as Partial<ListCall> | undefined)?.access;
  return access !== undefined && access.public !== true && access.customer?.from === 'body';
};

/**
 * Whether a list has its export: a paged list (the rows its filters match, read a batch at a time), or a
 * list answered whole as an array (the array), unless its contract says `exported: false`.
 */
export const isExported = (list: ListSpec | ListCall | undefined): boolean =>
  !!list && (list as ListCall).exported !== false;

/**
 * The export's query parameter that names the customer of a list whose customer comes in its body (a GET
 * has none): the export's access reads it there, as the list reads the body's.
 */
export const EXPORT_CUSTOMER_PARAM = 'customerId';

/** The access rule of a list's export: the list's, its customer read from the query when the list's is in the body. */
const exportAccess = new WeakMap<AccessRule, AccessRule>();
const exportAccessOf = (access: AccessRule): AccessRule => {
  const customer = (access as { customer?: CustomerSource }).customer;
  if (customer?.from !== 'body') return access;
  let made = exportAccess.get(access);
  if (!made) {
    const { alsoIn: _alsoIn, ...rest } = customer;
    made = { ...access, customer: { ...rest, from: 'query', name: EXPORT_CUSTOMER_PARAM } } as AccessRule;
    exportAccess.set(access, made);
  }
  return made;
};
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const EXPORT_SUMMARY =
  "Export every row the list's filters match, in its sort, as CSV or JSON (format csv or json; filter: the filters as a JSON object; sort, order; fields: the columns, comma-separated, the id always first)";

/**
 * A list's bulk actions (server/kit/bulk.ts), under its path as its export is: `POST {list path}/bulk/{name}`
 * starts one as a job (its body: the list's filters) and answers it; `GET {list path}/bulk/jobs/{jobId}`
 * tells how far it got; `POST {list path}/bulk/jobs/{jobId}/cancel` stops it after its current batch. Only
 * the account that started a job sees or stops it.
 */
export const bulkTemplatesOf = (listTemplate: string) => ({
  start: (action: string) => `${listTemplate}/bulk/${action}`,
  job: `${listTemplate}/bulk/jobs/{jobId}`,
  cancel: `${listTemplate}/bulk/jobs/{jobId}/cancel`,
});

/** Whether a list has bulk actions: a paged list whose customer is not in its body. */
export const hasBulk = (contract: Pick<ResourceWire, 'list' | 'bulk'>): boolean =>
  Object.keys(contract.bulk ?? {}).length > 0 &&
  contract.list?.by !== 'array' &&
  isExported(contract.list) &&
  !customerInBody(contract.list);

/** A bulk action's access rule: its permission, in the list's customer (one object per action). */
const bulkAccess = new WeakMap<BulkActionCall, AccessRule>();
const bulkAccessOf = (action: BulkActionCall, customer: CustomerSource | undefined): AccessRule => {
  let access = bulkAccess.get(action);
  if (!access) {
    access = { permission: action.permission, ...(customer ? { customer } : {}) };
    bulkAccess.set(action, access);
  }
  return access;
};

const BULK_JOB_SUMMARY = 'How far a bulk action of the list has got (only the account that started it)';
const BULK_CANCEL_SUMMARY = 'Stop a bulk action of the list after its current batch';

/** Fills `{base}` (the base itself may hold `{customerId}`). */
export const withBase = (template: string, base: string): string => template.replaceAll('{base}', base);

/** Every route a resource contract asks for, keyed `resource.method` and `resource.action`. */
export function routesOf(contract: ResourceContract): ContractRoute[] {
  const routes: ContractRoute[] = [];
  for (const method of RESOURCE_METHODS) {
    const call = contract[method];
    if (!call) continue;
    const route = routeOfCall(method, call);
    if (!route || call.by === 'each') continue;
    routes.push({
      key: `${contract.name}.${method}`,
      method: route.method,
      template: withBase(route.template, contract.base),
      info: call,
    });
    if (method === 'list' && 'access' in call && isExported(call as ListCall)) {
      routes.push({
        key: `${contract.name}.exportList`,
        method: 'GET',
        template: exportTemplateOf(withBase(route.template, contract.base)),
        info: { summary: EXPORT_SUMMARY, access: exportAccessOf(call.access), errors: call.errors },
      });
    }
    if (method === 'list' && 'access' in call && contract.bulk) {
      if (!hasBulk(contract)) throw new Error(`${contract.name}: bulk actions need a paged list`);
      const templates = bulkTemplatesOf(withBase(route.template, contract.base));
      const { customer } = call.access as { customer?: CustomerSource };
      for (const [name, action] of Object.entries(contract.bulk)) {
        if (!/^[a-z][A-Za-z]*$/.test(name) || name === 'jobs')
          throw new Error(`${contract.name}: '${name}' cannot name a bulk action`);
        routes.push({
          key: `${contract.name}.bulk.${name}`,
          method: 'POST',
          template: templates.start(name),
          info: {
            summary: action.summary,
            access: bulkAccessOf(action, customer),
            errors: [404],
          },
        });
      }
      routes.push(
        {
          key: `${contract.name}.bulkJob`,
          method: 'GET',
          template: templates.job,
          info: { summary: BULK_JOB_SUMMARY, access: call.access, errors: [404] },
        },
        {
          key: `${contract.name}.bulkCancel`,
          method: 'POST',
          template: templates.cancel,
          info: { summary: BULK_CANCEL_SUMMARY, access: call.access, errors: [404] },
        },
      );
    }
  }
  for (const [name, action] of Object.entries(contract.actions ?? {})) {
    routes.push({
      key: `${contract.name}.${name}`,
      method: action.method,
      template: withBase(action.path, contract.base),
      info: action,
    });
  }
  return routes;
}

/** Every route of a family of plain calls. */
export const routesOfFamily = (family: CallFamily): ContractRoute[] =>
  Object.entries(family.calls).map(([name, call]) => ({
    key: `${family.name}.${name}`,
    method: call.method,
    template: call.path,
    info: call,
  }));

/** A template as a Fastify URL: `{name}` becomes `:name` (`r-{customerId}` becomes `r-:customerId`). */
export const toRouteUrl = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1');

/**
 * An error the server answers, or the portal shows of its own: its catalogue key, its English text (the
 * spec's verbatim where the spec gives one; placeholders `%{name}`) and, for the server's, its HTTP status.
 * The English catalogue's `error.*` texts are made from these (scripts/registry.ts): a text lives here only.
 */
export interface ErrorText {
  key: string;
  text: string;
  status?: number;
  /**
   * A refusal of one field's value: the form field it concerns (a call whose form names it otherwise says
   * so in `params.field`). The server names it in the answer (`params.field`); the portal's forms say the
   * refusal under that field, marked invalid, and keep the values (contract/fieldRefusals.ts lists these).
   */
  field?: string;
}

const errorSets = new WeakSet<object>();

/** A contract's errors, by name: `throw fail(THEME_ERRORS.THEME_LOCKED)` on the server. */
export const defineErrors = <const E extends Readonly<Record<string, ErrorText>>>(errors: E): E => {
  errorSets.add(errors);
  return errors;
};

/** Whether a value is a set of errors made by defineErrors (the catalogue's source). */
export const isErrorSet = (value: unknown): value is Readonly<Record<string, ErrorText>> =>
  typeof value === 'object' && value !== null && errorSets.has(value);

const resources = new WeakSet<object>();
const families = new WeakSet<object>();

/** Whether a value is a resource contract made by defineResource. */
export const isResourceContract = (value: unknown): value is ResourceContract =>
  typeof value === 'object' && value !== null && resources.has(value);

/** Whether a value is a family of calls made by defineCalls. */
export const isCallFamily = (value: unknown): value is CallFamily =>
  typeof value === 'object' && value !== null && families.has(value);

/** Names the contract's words: checks the shape at compile time and keeps the literal types. */
export const defineResource = <const C extends ResourceContract>(contract: C): C => {
  resources.add(contract);
  return contract;
};

export const defineCalls = <const F extends CallFamily>(family: F): F => {
  families.add(family);
  return family;
};

/** What a resource's lists may be filtered and sorted by (the server's listing must declare exactly these). */
export interface ListingNames<Sort extends string = string> {
  filters: readonly string[];
  sort: readonly Sort[];
  defaultSort: { field: NoInfer<Sort>; order: 'ASC' | 'DESC' };
}

export const defineListingNames = <const Sort extends string>(names: ListingNames<Sort>) => names;

// ——— Permissions ———

/** What a role may be granted on a resource (docs/requirements/roles-and-permissions.md). */
export const ACTIONS = ['view', 'modify', 'create', 'delete', 'configure'] as const;
export type Action = (typeof ACTIONS)[number];

/** Every action but delete: the resources whose records are deactivated rather than deleted. */
export const NO_DELETE = ['view', 'create', 'modify', 'configure'] as const;

/** 'provider': only the provider's roles; 'customer': a customer's roles; 'both': either. */
export type ResourceScope = 'provider' | 'customer' | 'both';

/** A permission resource: who may hold it, its actions, and the permission asset shown to operators. */
export interface PermissionEntry {
  readonly scope: ResourceScope;
  readonly actions: readonly Action[];
  readonly asset: { readonly name: string; readonly description: string };
}

const permissionSets = new WeakSet<object>();

/**
 * The permission resources a contract brings, by name. The catalogue (contract/permissionCatalogue.ts) is
 * made from every contract's by `npm run registry`: a permission is declared here only.
 */
export const definePermissions = <const P extends Readonly<Record<string, PermissionEntry>>>(
  permissions: P,
): P => {
  permissionSets.add(permissions);
  return permissions;
};

/** Whether a value is a set of permission resources made by definePermissions (the catalogue's source). */
export const isPermissionSet = (value: unknown): value is Readonly<Record<string, PermissionEntry>> =>
  typeof value === 'object' && value !== null && permissionSets.has(value);
