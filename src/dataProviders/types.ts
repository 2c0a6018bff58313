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
 * The words of the resource table (`resources.ts`) are the contract's wire words (contract/kit.ts).
 *
 * Paths are templates: `{base}` is the entry's path, `{customerId}` the session's customer (a call that
 * needs it without one is refused, not sent), any other `{name}` a value of the call's params, looked up
 * in the params, then in `data`, `previousData`, `meta` and `filter`.
 */
/** One entry of the table: a resource's base path, scope and the convention of each method. */
export type {
  ActionSpec,
  BodySpec,
  EachCall,
  HttpMethod,
  ListSpec,
  MultipartSpec as MultipartCall,
  RangeSpec as RangeCall,
  RecordSpec as RecordCall,
  ResourceWire as ResourceEntry,
} from '../../contract/kit';

/** The params of a named action. */
export interface ActionParams {
  id?: Identifier;
  ids?: Identifier[];
  data?: unknown;
  meta?: Record<string, unknown>;
  [name: string]: unknown;
}

/** What conventions share: the transport and the session's customer. */
export interface SessionTransport {
  http: HttpClient;
  download: (path: string, options: DownloadOptions) => Promise<DownloadedFile>;
  customerId: () => string | null | undefined;
  /**
   * What a call that needs the session's customer answers when there is none: with no session at all the
   * user is signed out (docs/requirements/roles-and-permissions.md: a call without a token logs the user out) and it is a 401.
   */
  missingCustomer: () => Error;
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
