import { type Static, Type } from 'typebox';
import {
  ACTIVE_STATUSES,
  ActiveStatus,
  activationActions,
  CreatedAnswer,
  closed,
  Email,
  IdParams,
  IdsBody,
  ImageUrl,
  ReadOnly,
  RequiredText,
  SearchAnswer,
} from './fields.ts';
import { defineErrors, defineListingNames, definePermissions, defineResource, NO_DELETE } from './kit.ts';

/**
 * Customers (docs/requirements/portal-entities.md, docs/requirements/portal-states.md): the provider's customer companies. Provider operators only. Deactivating a
 * customer stops its accounts at sign-in and ends what their sessions may do.
 */

export const CUSTOMER_LIMITS = { companyName: 200, contactPhone: 40 } as const;
export const CUSTOMER_STATUSES = ACTIVE_STATUSES;

export const CustomerRecord = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  contactEmail: Type.String(),
  contactPhone: Type.String(),
  status: ActiveStatus,
  logo: Type.Union([Type.String(), Type.Null()]),
  createdDate: Type.String(),
});
export type CustomerRecord = Static<typeof CustomerRecord>;

/**
 * The fields of the create and profile forms. The record's own read-only fields may come back with an edit
 * form (react-admin sends the whole record): they are accepted and ignored; anything else is refused.
 */
export const CustomerForm = Type.Object(
  {
    companyName: RequiredText(CUSTOMER_LIMITS.companyName),
    contactEmail: Email,
    contactPhone: Type.Optional(Type.String({ maxLength: CUSTOMER_LIMITS.contactPhone })),
    logo: Type.Optional(ImageUrl),
    id: ReadOnly(),
    status: ReadOnly(),
    createdDate: ReadOnly(),
  },
  closed,
);
export type CustomerForm = Static<typeof CustomerForm>;

export const CUSTOMER_LISTING = defineListingNames({
  filters: ['q', 'status', 'id'],
  sort: ['companyName', 'contactEmail', 'contactPhone', 'createdDate', 'status', 'id'],
  defaultSort: { field: 'createdDate', order: 'DESC' },
});

const view = { scope: 'provider', permission: 'customer:view' } as const;
const modify = { scope: 'provider', permission: 'customer:modify' } as const;

export const customer = defineResource({
  name: 'customer',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Customer', name: 'Customer' },
  base: '/customer',
  customerScoped: false,
  permission: 'customer',
  list: { by: 'postSearch', path: '{base}/search', summary: 'Search the customers', access: view },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{id}',
    summary: 'Read a customer',
    access: view,
    errors: [404],
    schema: { params: IdParams, response: { 200: CustomerRecord } },
  },
  getMany: {
    by: 'record',
    method: 'POST',
    path: '{base}/get-customers-detail',
    body: 'ids',
    summary: 'Read several customers, in the order asked (unknown ids are left out)',
    access: view,
    schema: { body: IdsBody({ maxItems: 1000 }), response: { 200: Type.Array(CustomerRecord) } },
  },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/create',
    body: 'data',
    summary: 'Create a customer (its company name unique, ignoring case)',
    access: { scope: 'provider', permission: 'customer:create' },
    errors: [409],
    schema: { body: CustomerForm, response: { 201: CreatedAnswer } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{id}/update_profile',
    body: 'data',
    summary: "Change a customer's profile",
    access: modify,
    errors: [404, 409],
    schema: { params: IdParams, body: CustomerForm, response: { 200: CustomerRecord } },
  },
  actions: {
    ...activationActions(modify, {
      activate: 'Activate a customer',
      deactivate: 'Deactivate a customer: its accounts can no longer sign in',
    }),
  },
});

export const CustomerSearchAnswer = SearchAnswer(CustomerRecord);

export const CUSTOMER_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.customer.notFound', text: 'Customer not found' },
  companyNameExisted: {
    status: 409,
    key: 'error.customer.companyNameExisted',
    text: 'A customer with this company name already exists.',
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  customer: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Customers', description: 'Customer companies of the provider' },
  },
});
