import { type AnyResourceContract, RESOURCE_CONTRACTS } from '../../contract/index';
import { BORROWED_ACTIONS, PENDING_ACTIONS, PENDING_RESOURCES } from '../../contract/pending';
import type { ResourceEntry } from './types';

/**
 * THE table: for each resource, its base path, whether it is customer-scoped, the convention of each
 * method, and its named actions. It is made from the contracts (contract/<feature>.ts, found by
 * contract/registry.ts), which the server serves too, and from the wire words of the resources still to
 * come (contract/pending.ts): a new resource is its contract, never an entry here.
 */

type Pending = typeof PENDING_RESOURCES;

/** Every resource name the data layer serves. */
export type ResourceName = AnyResourceContract['name'] | keyof Pending;

type ActionsOf<E> = E extends { actions: infer A } ? keyof A & string : never;

/** Every named action of the table. */
export type ActionName =
  | ActionsOf<AnyResourceContract>
  | ActionsOf<Pending[keyof Pending]>
  | {
      [R in keyof typeof PENDING_ACTIONS]: keyof (typeof PENDING_ACTIONS)[R] & string;
    }[keyof typeof PENDING_ACTIONS]
  | {
      [R in keyof typeof BORROWED_ACTIONS]: keyof (typeof BORROWED_ACTIONS)[R] & string;
    }[keyof typeof BORROWED_ACTIONS];

type ActionTable = Readonly<Record<string, ResourceEntry['actions']>>;

/** A contract's entry with the actions its screens call beyond the contract's own. */
const withActions = (entry: ResourceEntry & { name: string }): ResourceEntry => {
  const extra = {
    ...(PENDING_ACTIONS as ActionTable)[entry.name],
    ...(BORROWED_ACTIONS as ActionTable)[entry.name],
  };
  return Object.keys(extra).length > 0 ? { ...entry, actions: { ...entry.actions, ...extra } } : entry;
};

export const RESOURCES: Readonly<Record<ResourceName, ResourceEntry>> = {
  ...(Object.fromEntries(
    RESOURCE_CONTRACTS.map((contract) => [contract.name, withActions(contract)]),
  ) as Record<AnyResourceContract['name'], ResourceEntry>),
  ...PENDING_RESOURCES,
};
