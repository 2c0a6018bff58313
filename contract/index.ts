import { type CallFamily, isCallFamily, isResourceContract, type ResourceContract } from './kit.ts';
import { PENDING_GUARDS } from './pending.ts';
import type { PermissionResource } from './permissions.ts';
import { CONTRACT_MODULES } from './registry.ts';

/**
 * Every contract: the resources the server serves and the families of plain calls, found in the contract
 * modules (contract/registry.ts, made from the folder by `npm run registry`).
 */
const exported = Object.values(CONTRACT_MODULES).flatMap((module) => Object.values(module as object));

export const RESOURCE_CONTRACTS: readonly ResourceContract[] = exported.filter(isResourceContract);

export const CALL_FAMILIES: readonly CallFamily[] = exported.filter(isCallFamily);

export type ResourceGuard = PermissionResource | readonly PermissionResource[] | null;

/** Which catalogue resource guards each react-admin resource (canAccess). */
export const RESOURCE_GUARDS: Readonly<Record<string, ResourceGuard>> = {
  ...Object.fromEntries(RESOURCE_CONTRACTS.map((contract) => [contract.name, contract.permission])),
  ...PENDING_GUARDS,
};

/**
 * The resources whose screens only the provider scope shows, by menu and by URL (docs/requirements/roles-and-permissions.md): those whose
 * entry call (the list, or the record of a one-record page) is for operators only.
 */
export const PROVIDER_SCREENS: ReadonlySet<string> = new Set(
  RESOURCE_CONTRACTS.filter((contract) => {
    const entry = contract.list ?? contract.getOne;
    return (
      entry !== undefined && 'access' in entry && 'scope' in entry.access && entry.access.scope === 'provider'
    );
  }).map((contract) => contract.name),
);

type Modules = typeof CONTRACT_MODULES;
type Exported = { [M in keyof Modules]: Modules[M][keyof Modules[M]] }[keyof Modules];

/** Every resource contract, each with its literal type (for the portal's typed action names). */
export type AnyResourceContract = Extract<Exported, ResourceContract>;
