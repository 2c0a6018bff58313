import { ACCOUNT_LISTING, account } from '../../../contract/account.ts';
import type { Kit } from '../../kit/kit.ts';
import {
  accountRows,
  accountStatusChange,
  asEmailConflict,
  createAccount,
  updateAccount,
} from './accounts.ts';
import { effectivePermissionsOf } from './effectivePermissions.ts';

/**
 * Administrator accounts (contract/account.ts): the provider's operators and the accounts of each customer.
 * A customer's account acts only on its own customer's accounts (any other id: 404); a provider operator
 * acts on its own accounts and, naming a customer, on that customer's. The signed-in account's own calls
 * are the session feature's.
 */
export function accountRoutes(kit: Kit): void {
  kit.crud(account, accountRows, {
    record: account.getOne.schema.response[200],
    listingNames: ACCOUNT_LISTING,
    only: ['list'],
  });

  kit.route(account, 'getOne', async (call) =>
    accountRows.record(call, await accountRows.find(call, call.params.id)),
  );

  // Read by the guard's own rule (auth/guard.ts grantOf): the screen and the server cannot disagree.
  kit.route(account, 'effectivePermissions', async (call) =>
    effectivePermissionsOf(call.tx, (await accountRows.find(call, call.params.id)).id),
  );

  kit.route(account, 'create', { translate: asEmailConflict }, async (call) => {
    // In the caller's own customer, or (an operator) the provider or the customer named.
    const created = await createAccount(call, call.body);
    call.reply.code(201);
    return created;
  });

  kit.route(account, 'update', { translate: asEmailConflict }, (call) =>
    updateAccount(call, call.params.id, call.body),
  );

  for (const [action, status] of [
    ['activate', 'ACTIVE'],
    ['deactivate', 'INACTIVE'],
  ] as const) {
    kit.route(account, action, (call) =>
      accountRows.setStatus(call, call.body.id, accountStatusChange(status, call.caller.account.id)),
    );
  }
}
