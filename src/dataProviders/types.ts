import type {
  CreateParams,
  CreateResult,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import type { DownloadedFile, DownloadOptions, HttpClient } from './transport';

/**
 * The words of the resource table (`resources.ts`).
 *
 * Paths are templates: `{base}` is the entry's path, `{customerId}` the session's customer (a call that
 * needs it without one is refused, not sent), any other `{name}` a value of the call's params, looked up
 * in the params, then in `data`, `previousData`, `meta` and `filter`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a call sends as its JSON body: `data` the params' data, `meta` the params' meta, `id` `{id}`,
 * `ids` `{ids}`, or an object whose `'{name}'` values are filled from the params.
 */
export type BodySpec = 'data' | 'meta' | 'id' | 'ids' | Readonly<Record<string, string>>;

/** A list (getList and getManyReference), by convention. */
export type ListSpec =
  /** ra-data-simple-rest: GET {base}?sort&range&filter, the total from Content-Range. */
  | { by: 'range' }
  /** GET {path}?page={page-1}&pageSize&<filters>, answering {content|contents, totalElements}. */
  | { by: 'pageSearch'; path: string; pageParam?: 'page' | 'pageNumber'; query?: readonly string[] }
  /** POST {path} {page: page-1, limit, filters, sort}, answering {contents|content, totalElements}. */
  | { by: 'postSearch'; path: string }
  /** GET {path}?<filters>, answering an array: the total is its length. */
  | { by: 'array'; path: string };

/** A record call: the method, the path, the body (getOne/getMany/create/update/delete/deleteMany). */
export interface RecordCall {
  by: 'record';
  method: HttpMethod;
  path: string;
  body?: BodySpec;
  /** Query parameters by name; `ids` is sent as `a,b`. */
  query?: readonly string[];
}

/** Create or update as multipart: the entry's json/info part with the fields, and an iconFile part. */
export interface MultipartCall {
  by: 'multipart';
  method: 'POST' | 'PUT';
  path: string;
}

/** The ra-data-simple-rest call of the method on {base}. */
export interface RangeCall {
  by: 'range';
}

/** getMany, updateMany, deleteMany: one getOne, update or delete per id. */
export interface EachCall {
  by: 'each';
}

/** A named action: `dataProvider[name](resource, params)`. */
export type ActionSpec =
  /** One call, answering {data: json}. */
  | { by: 'call'; method: HttpMethod; path: string; body?: BodySpec; query?: readonly string[] }
  /** One call per id of params.ids (or params.id), answering {data: ids}. */
  | { by: 'eachId'; method: HttpMethod; path: string; body?: BodySpec }
  /** A file download, answering {data: {fileName, blob}}. */
  | { by: 'download'; method: HttpMethod; path: string; body?: BodySpec; fileName: string }
  /** A multipart upload of the File (or react-admin file value) found at params[part], answering {data: json}. */
  | { by: 'upload'; method: 'POST' | 'PUT'; path: string; part: string };

export interface ResourceEntry {
  /** The resource's path under one of the base families. */
  path: string;
  /** Its records belong to the session's customer: every method needs a customer id. */
  customerScoped: boolean;
  /** The multipart part carrying the record's fields. */
  multipartPart?: 'json' | 'info';
  /** Errors carry the server's `message` rather than its `messageKey`. */
  preferMessage?: boolean;
  /** Errors are logged and swallowed: the call resolves with an empty answer. */
  swallowErrors?: boolean;
  list?: ListSpec;
  getOne?: RecordCall | RangeCall;
  getMany?: RecordCall | RangeCall | EachCall;
  create?: RecordCall | MultipartCall;
  update?: RecordCall | MultipartCall | RangeCall;
  updateMany?: EachCall;
  delete?: RecordCall | RangeCall;
  deleteMany?: RecordCall | EachCall;
  actions?: Readonly<Record<string, ActionSpec>>;
}

/** The params of a named action. */
export interface ActionParams {
  id?: Identifier;
  ids?: Identifier[];
  data?: unknown;
  meta?: Record<string, unknown>;
  [name: string]: unknown;
}

/** What conventions share: the transport and the session's customer. */
export interface CallContext {
  http: HttpClient;
  download: (path: string, options: DownloadOptions) => Promise<DownloadedFile>;
  customerId: () => string | null | undefined;
}

/**
 * What a convention provides: react-admin's methods without their record-type generics (the server,
 * not the caller, decides a record's shape), and named actions. It is a `Partial<DataProvider>`.
 */
export interface Adapter {
  getList?(resource: string, params: GetListParams): Promise<GetListResult>;
  getOne?(resource: string, params: GetOneParams): Promise<GetOneResult>;
  getMany?(resource: string, params: GetManyParams): Promise<GetManyResult>;
  getManyReference?(resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult>;
  create?(resource: string, params: CreateParams): Promise<CreateResult>;
  update?(resource: string, params: UpdateParams): Promise<UpdateResult>;
  updateMany?(resource: string, params: UpdateManyParams): Promise<UpdateManyResult>;
  delete?(resource: string, params: DeleteParams): Promise<DeleteResult>;
  deleteMany?(resource: string, params: DeleteManyParams): Promise<DeleteManyResult>;
  /** Named actions (`params: never` admits any params type: each action's entry says what it reads). */
  [action: string]: ((resource: string, params: never) => Promise<unknown>) | undefined;
}

export type { DownloadedFile, RaRecord };
