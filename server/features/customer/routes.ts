import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CUSTOMER_LISTING,
  type CustomerForm,
  type CustomerRecord,
  customer,
} from '../../../contract/customer.ts';
import { customerNotFound } from '../../auth/customer.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny, inList } from '../../db/listing.ts';
import { customers } from '../../db/schema.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import { auditedImage } from '../../domain/images.ts';
import { conflict } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { invalidField } from '../../validation.ts';
import { checkEmail } from '../account/accounts.ts';

/**
 * Customers (contract/customer.ts): provider operators only. Deactivating a customer stops its accounts at
 * sign-in and ends what their sessions may do (the guard checks the customer's status on every call).
 */

const customerList = defineListing({
  filters: {
    q: ilikeAny([customers.companyName, customers.contactEmail]),
    status: equals(customers.status),
    id: inList(customers.id),
  },
  sort: {
    companyName: customers.companyName,
    contactEmail: customers.contactEmail,
    contactPhone: customers.contactPhone,
    createdDate: customers.createdDate,
    status: customers.status,
    id: customers.id,
  },
  defaultSort: CUSTOMER_LISTING.defaultSort,
  unique: customers.id,
});

const customerFields = {
  id: customers.id,
  companyName: customers.companyName,
  contactEmail: customers.contactEmail,
  contactPhone: customers.contactPhone,
  status: customers.status,
  logo: customers.logo,
  createdDate: customers.createdDate,
};

type CustomerRow = Omit<CustomerRecord, 'createdDate'> & { createdDate: Date };

const toRecord = (row: CustomerRow): CustomerRecord => ({
  ...row,
  createdDate: row.createdDate.toISOString(),
});

/** What the audit log keeps of a customer. */
const audited = (row: CustomerRow) => ({
  companyName: row.companyName,
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  logo: auditedImage(row.logo),
  status: row.status,
});

export const companyNameExisted = () =>
  conflict('error.customer.companyNameExisted', 'A customer with this company name already exists.');

/**
 * The checked values of a form: text trimmed, the email as stored; a logo left out keeps its value. A
 * company name is unique among the customers, ignoring case (`exceptId`: the customer being edited).
 */
async function readForm(tx: Database, form: CustomerForm, exceptId?: string) {
  const companyName = form.companyName.trim();
  if (companyName === '') throw invalidField('companyName', 'must not be empty');
  await claimUniqueText(
    tx,
    {
      lock: 727_304,
      table: customers,
      column: customers.companyName,
      id: customers.id,
      taken: companyNameExisted,
    },
    companyName,
    exceptId,
  );
  return {
    companyName,
    contactEmail: checkEmail(form.contactEmail),
    ...(form.contactPhone === undefined ? {} : { contactPhone: form.contactPhone.trim() }),
    ...(form.logo === undefined ? {} : { logo: form.logo }),
  };
}

export const customerRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const rows = crud<CustomerRow, CustomerRecord, CustomerForm>(app, {
    db,
    contract: customer,
    listingNames: CUSTOMER_LISTING,
    table: customers,
    id: customers.id,
    select: (database) => database.select(customerFields).from(customers).$dynamic(),
    listing: customerList,
    record: customer.getOne.schema.response[200],
    toRecords: (_, found) => found.map(toRecord),
    notFound: customerNotFound,
    audit: { table: 'Customer', fields: audited, customerOf: (row) => row.id },
    status: customers.status,
    create: { values: ({ tx }, form) => readForm(tx, form) },
    update: { values: ({ tx }, before, form) => readForm(tx, form, before.id) },
  });

  for (const [action, status] of [
    ['activate', 'ACTIVE'],
    ['deactivate', 'INACTIVE'],
  ] as const) {
    app.route({
      ...routeOf(customer.base, customer.actions[action], `customer.${action}`),
      handler: async (request) =>
        rows.setStatus(request, request.body.id, {
          status,
          action: status === 'ACTIVE' ? 'ACTIVATE' : 'DEACTIVATE',
        }),
    });
  }
};
