import {
  CUSTOMER_ERRORS,
  CUSTOMER_LISTING,
  type CustomerForm,
  type CustomerRecord,
} from '../../../contract/customer.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, inList, lowerContains } from '../../db/listing.ts';
import { customers } from '../../db/schema.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import { auditedImage } from '../../domain/images.ts';
import { fail } from '../../errors.ts';
import { defineRows } from '../../kit/rows.ts';
import { invalidField } from '../../validation.ts';
import { checkEmail } from '../account/accounts.ts';

/**
 * Customers (contract/customer.ts): their rows as the customer calls read and write them, and the rules of
 * a customer's form (a company name unique among the customers, ignoring case).
 */

const customerListing = defineListing({
  filters: {
    q: lowerContains(customers.searchText),
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

export type CustomerRow = Omit<CustomerRecord, 'createdDate'> & { createdDate: Date };

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

/** The provider's customers. */
export const customerRows = defineRows<CustomerRow, CustomerRecord>({
  table: customers,
  id: customers.id,
  select: (db) => db.select(customerFields).from(customers).$dynamic(),
  listing: customerListing,
  toRecords: (_, found) => found.map(toRecord),
  notFound: () => fail(CUSTOMER_ERRORS.notFound),
  audit: { table: 'Customer', fields: audited, customerOf: (row) => row.id },
  status: customers.status,
});

/**
 * The checked values of a form: text trimmed, the email as stored; a logo left out keeps its value. A
 * company name is unique among the customers, ignoring case (`exceptId`: the customer being edited).
 */
export async function customerValues(tx: Database, form: CustomerForm, exceptId?: string) {
  const companyName = form.companyName.trim();
  if (companyName === '') throw invalidField('companyName', 'must not be empty');
  await claimUniqueText(
    tx,
    {
      lock: 727_304,
      table: customers,
      column: customers.companyName,
      id: customers.id,
      taken: () => fail(CUSTOMER_ERRORS.companyNameExisted),
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
