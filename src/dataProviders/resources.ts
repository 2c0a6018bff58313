import { type AnyResourceContract, RESOURCE_CONTRACTS } from '../../contract/index';
import { PENDING_RESOURCES, PORTAL_ACTIONS } from '../../contract/pending';
import type { ResourceEntry } from './types';

/**
 * THE table: for each resource, its base path, whether it is customer-scoped, the convention of each
 * method, and its named actions. It is made from the contracts (contract/<feature>.ts, found by
 * contract/registry.ts), which the server serves too, and from the wire words of the resources still to
 * come (contract/pending.ts): a new resource is its contract, never an entry here.
 */

type Pending = typeof PENDING_RESOURCES;
type Extra = typeof PORTAL_ACTIONS;

/** Every resource name the data layer serves. */
export type ResourceName = AnyResourceContract['name'] | keyof Pending;

type ActionsOf<E> = E extends { actions: infer A } ? keyof A & string : never;

/** Every named action of the table. */
export type ActionName =
  | ActionsOf<AnyResourceContract>
  | ActionsOf<Pending[keyof Pending]>
  | { [R in keyof Extra]: keyof Extra[R] & string }[keyof Extra];

const withActions = (entry: ResourceEntry): ResourceEntry => {
  const extra = (PORTAL_ACTIONS as Readonly<Record<string, ResourceEntry['actions']>>)[
    (entry as { name?: string }).name ?? ''
  ];
  return extra ? { ...entry, actions: { ...entry.actions, ...extra } } : entry;
};

export const RESOURCES: Readonly<Record<ResourceName, ResourceEntry>> = {
  ...(Object.fromEntries(
    RESOURCE_CONTRACTS.map((contract) => [contract.name, withActions(contract)]),
  ) as Record<AnyResourceContract['name'], ResourceEntry>),
  ...PENDING_RESOURCES,
};
