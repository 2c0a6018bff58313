import { ALL_CUSTOMERS, type Order } from '../../../contract/billing';
import { SCOPE, useSession } from '../../session';

export type OrderRecord = Order;

/**
 * Who is looking at orders: an operator outside any customer sees every customer's (the calls name
 * customer 'all'); a customer's account, or an operator inside a customer, sees that customer's.
 */
export const useOrderScope = () => {
  const session = useSession();
  const inCustomer = session?.currentScope === SCOPE.CUSTOMER && Boolean(session.customerId);
  const operator = session?.originalScope === SCOPE.PROVIDER;
  return {
    /** Approves submitted orders (the server says so too). */
    operator,
    /** Cancels its own submitted orders. */
    customer: !operator,
    meta: inCustomer ? undefined : { customerId: ALL_CUSTOMERS },
  };
};

export { formatMoney as formatAmount } from '../../components/money';

/** The last 24 months as MM/YYYY choices, newest first (the created-month filter). */
export const monthChoices = (now = new Date()) =>
  Array.from({ length: 24 }, (_, back) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const id = `${String(month.getUTCMonth() + 1).padStart(2, '0')}/${month.getUTCFullYear()}`;
    return { id, name: id };
  });
