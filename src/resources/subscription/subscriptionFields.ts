import { useSearchParams } from 'react-router-dom';
import type { Subscription, TierPlan } from '../../../contract/billing';

export type SubscriptionRecord = Subscription;

export const PURCHASE_ACTIONS = ['upgrade', 'extend', 'edit'] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];

/** The purchase overlay's state, all of it in the query (docs/requirements/billing-services-screens.md: every parameter). */
export const usePurchaseQuery = () => {
  const [search, setSearch] = useSearchParams();
  const action = search.get('action');
  const step = Number(search.get('step') ?? '1');
  return {
    tierId: search.get('tierId'),
    periodId: search.get('periodId'),
    numberOfUsers: search.get('numberOfUsers') ? Number(search.get('numberOfUsers')) : undefined,
    subscriptionId: search.get('subscriptionId'),
    orderId: search.get('orderId'),
    action: (PURCHASE_ACTIONS as readonly string[]).includes(action ?? '')
      ? (action as PurchaseAction)
      : null,
    step: step === 2 || step === 3 ? step : 1,
    done: search.get('done') === 'true',
    clientId: search.get('client_id'),
    search,
    /** Replaces some parameters, keeping the others (undefined removes one). */
    set: (patch: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(search);
      for (const [name, value] of Object.entries(patch)) {
        if (value === undefined) next.delete(name);
        else next.set(name, String(value));
      }
      setSearch(next);
    },
    close: () => setSearch(new URLSearchParams()),
  };
};

/** The tier's display name (docs/requirements/who-uses-it.md: NORMAL is Professional). */
export const tierKey = (tier: Pick<TierPlan, 'tierPlanType'>) => `portal.home.tiers.${tier.tierPlanType}`;
