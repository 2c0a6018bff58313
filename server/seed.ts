import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  accountRoles,
  accounts,
  assets,
  permissionActions,
  permissionResources,
  rolePermissions,
  roles,
  seededGrants,
} from './db/schema.ts';
import { generatePasswordFor, hashPassword, passwordRefusal } from './domain/passwords.ts';
import { ACTIONS, PERMISSION_RESOURCES, type PermissionResourceInfo } from './domain/permissions.ts';
import { ensurePortalClient } from './features/oauth2/oauth2.ts';
import { seedPlans } from './features/plan/plans.ts';

export const PROVIDER_ADMIN_ROLE = 'provider_admin';
/** The shared customer role (no customerId): every permission of the customer and both scopes. */
export const CUSTOMER_ADMIN_ROLE = 'customer_admin';
/** The shared read-only customer role: the audit log and the views needed to follow a record. */
export const AUDITOR_ROLE = 'auditor';
/** The provider's translators: the portal's messages in every language (/translations), nothing else. */
export const TRANSLATOR_ROLE = 'translator';
/** The roles that are part of the product: they cannot be deleted or renamed. */
export const BUILT_IN_ROLES: readonly string[] = [
  PROVIDER_ADMIN_ROLE,
  CUSTOMER_ADMIN_ROLE,
  AUDITOR_ROLE,
  TRANSLATOR_ROLE,
];

/** What the auditor may view: the log, and the records its entries are about (accounts, users, services…). */
export const AUDITOR_VIEWS = [
  'audit',
  'account',
  'account_role',
  'user-management',
  'service_instance',
  'radius',
  'saml',
  'directories',
  'token-pack',
] as const satisfies readonly PermissionResourceInfo['name'][];

/** Any number, the same in every process: serialises concurrent first starts on PostgreSQL. */
const SEED_LOCK = 727_301;

interface SeededRole {
  name: string;
  displayName: string;
  description: string;
  scope: 'provider' | 'customer';
  /** Every action of each of these resources is granted to the role. */
  resources: readonly PermissionResourceInfo[];
}

/**
 * A built-in role among the provider's roles (customerId null), created when missing. It is given the
 * permissions of its resources that it has never been given (a new role all of them, a new version's new
 * catalogue entries those): what an operator has taken away from it in the matrix stays taken away.
 */
async function ensureRole(tx: Database, role: SeededRole): Promise<string> {
  const [existing] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, role.name), isNull(roles.customerId)));
  const roleId =
    existing?.id ??
    (
      await tx
        .insert(roles)
        .values({
          name: role.name,
          displayName: role.displayName,
          description: role.description,
          scope: role.scope,
        })
        .returning({ id: roles.id })
    )[0]!.id;
  const given = await tx
    .select({ resource: seededGrants.resource, action: seededGrants.action })
    .from(seededGrants)
    .where(eq(seededGrants.roleId, roleId));
  const known = new Set(given.map((grant) => `${grant.resource}:${grant.action}`));
  const fresh = role.resources.flatMap((resource) =>
    resource.actions
      .filter((action) => !known.has(`${resource.name}:${action}`))
      .map((action) => ({ roleId, resource: resource.name, action })),
  );
  if (fresh.length > 0) {
    await tx.insert(rolePermissions).values(fresh).onConflictDoNothing();
    await tx.insert(seededGrants).values(fresh);
  }
  return roleId;
}

export interface SeedResult {
  operatorCreated: boolean;
}

/**
 * Brings the catalogue, the provider and customer administrator roles, the auditor role, the portal's own OAuth2 client
 * and the first operator into the database.
 * Safe to run at every start: only what is missing is added, in one transaction.
 */
export async function ensureSeed(
  db: Database,
  config: Pick<Config, 'initialOperatorEmail' | 'initialOperatorPassword' | 'portalClientId' | 'productName'>,
  print: (line: string) => void,
): Promise<SeedResult> {
  const configured = config.initialOperatorPassword;
  const email = config.initialOperatorEmail.trim().toLowerCase();
  // The password rules of every new password (domain/passwords.ts); an account has no history yet.
  const refusal =
    configured === undefined ? undefined : passwordRefusal(configured, { email, field: 'password' });
  if (refusal) throw new Error(`INITIAL_OPERATOR_PASSWORD is refused: ${refusal.message}`);

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);

    await tx
      .insert(permissionActions)
      .values(ACTIONS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(permissionResources)
      .values(PERMISSION_RESOURCES.map(({ name, scope }) => ({ name, scope })))
      .onConflictDoUpdate({ target: permissionResources.name, set: { scope: sql`excluded.scope` } });
    // Operators may rename and describe assets; the actions follow the catalogue.
    await tx
      .insert(assets)
      .values(
        PERMISSION_RESOURCES.map((resource) => ({
          name: resource.asset.name,
          description: resource.asset.description,
          resourceType: resource.name,
          actions: [...resource.actions],
        })),
      )
      .onConflictDoUpdate({ target: assets.resourceType, set: { actions: sql`excluded.actions` } });

    const roleId = await ensureRole(tx, {
      name: PROVIDER_ADMIN_ROLE,
      displayName: 'Provider Administrator',
      description: 'Every permission, for the provider and inside every customer',
      scope: 'provider',
      resources: PERMISSION_RESOURCES,
    });
    await ensureRole(tx, {
      name: CUSTOMER_ADMIN_ROLE,
      displayName: 'Customer Administrator',
      description: 'Every permission inside its own customer',
      scope: 'customer',
      resources: PERMISSION_RESOURCES.filter((resource) => resource.scope !== 'provider'),
    });
    await ensureRole(tx, {
      name: AUDITOR_ROLE,
      displayName: 'Auditor',
      description: 'Reads the audit log of its customer and the records it names; changes nothing',
      scope: 'customer',
      resources: PERMISSION_RESOURCES.filter((resource) =>
        (AUDITOR_VIEWS as readonly string[]).includes(resource.name),
      ).map((resource) => ({ ...resource, actions: ['view'] as const })),
    });

    await ensureRole(tx, {
      name: TRANSLATOR_ROLE,
      displayName: 'Translator',
      description: "Edits the portal's messages in every language (Translations); changes nothing else",
      scope: 'provider',
      resources: PERMISSION_RESOURCES.filter((resource) => resource.name === 'translations'),
    });

    // The portal's own OAuth2 client, for its sign-in page (password and QR).
    await ensurePortalClient(tx, config.portalClientId, config.productName);

    // The plans customers subscribe to (README, "Plans and prices").
    await seedPlans(tx);

    const [operator] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(isNull(accounts.customerId))
      .limit(1);
    if (operator) return undefined;

    const password = configured ?? generatePasswordFor(email);
    const [account] = await tx
      .insert(accounts)
      .values({
        email,
        passwordHash: await hashPassword(password),
        // Name and mobile phone are asked at the first sign-in, with the new password.
        forceChangePassword: true,
      })
      .returning({ id: accounts.id });
    await tx.insert(accountRoles).values({ accountId: account!.id, roleId });
    return { email, password };
  });

  // Printed only once the transaction is committed.
  // The password only when generated here: one chosen in INITIAL_OPERATOR_PASSWORD is its owner's already.
  if (created) {
    print(
      configured === undefined
        ? `initial operator: ${created.email} ${created.password}`
        : `initial operator: ${created.email} (password from INITIAL_OPERATOR_PASSWORD)`,
    );
  }
  return { operatorCreated: created !== undefined };
}
