import { CUSTOMER_LISTING, type CustomerForm, customer } from '../../../contract/customer.ts';
import type { Kit } from '../../kit/kit.ts';
import { type CustomerRow, customerRows, customerValues } from './customers.ts';

/**
 * Customers (contract/customer.ts): provider operators only. Deactivating a customer stops its accounts at
 * sign-in and ends what their sessions may do (the guard checks the customer's status on every call).
 */
export function customerRoutes(kit: Kit): void {
  kit.crud<CustomerRow, unknown, CustomerForm, typeof customer>(customer, customerRows, {
    record: customer.getOne.schema.response[200],
    listingNames: CUSTOMER_LISTING,
    create: { values: (call, form) => customerValues(call.tx, form) },
    update: { values: (call, before, form) => customerValues(call.tx, form, before.id) },
  });

  for (const [action, status] of [
    ['activate', 'ACTIVE'],
    ['deactivate', 'INACTIVE'],
  ] as const) {
    kit.route(customer, action, (call) =>
      customerRows.setStatus(call, call.body.id, {
        status,
        action: status === 'ACTIVE' ? 'ACTIVATE' : 'DEACTIVATE',
      }),
    );
  }
}
