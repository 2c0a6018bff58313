import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONNECTOR_TYPE_IDS, type ConnectorKind } from '../../../contract/connector.ts';
import { SLUG_SUFFIX_LENGTH, slugify, slugifyWithSuffix } from '../../../contract/rules.ts';
import type { SamlDefaults } from '../../../contract/saml.ts';
import { SAML2_LIMITS } from '../../../contract/saml2.ts';
import { LAUNCH_CREATABLE_KINDS } from '../../../contract/service.ts';
import type { Database } from '../../db/client.ts';
import {
  directories,
  httpsConnectors,
  oidcClients,
  radiusConnectors,
  saml2Connectors,
  samlConnectors,
} from '../../db/schema.ts';
import { type AuditTable, type Modifier, recordAudit } from '../../domain/audit.ts';
import type { Sealer } from '../../domain/secrets.ts';
import {
  claimSaml2Uname,
  newApiKey,
  newOidcClientId,
  newOidcSecret,
  newRadiusSecret,
} from '../connector/make.ts';
import { SAML2_DEFAULTS } from '../connector/saml2.ts';

/**
 * The connectors a service uses, by kind: where each kind's rows are (the same tables the connector lookups
 * of the service launch read, server/routes/connector.ts), their names, and a connector made from its name
 * alone by a launch.
 */

interface Source {
  table: PgTable;
  id: AnyPgColumn;
  /** The name a service shows (clientName for oidc, providerName for saml2). */
  name: AnyPgColumn;
  customer: AnyPgColumn;
  /** Which rows of the table are of the kind. */
  where?: SQL;
}

export const CONNECTOR_SOURCES: Record<ConnectorKind, Source> = {
  ldap: { table: directories, id: directories.id, name: directories.name, customer: directories.customerId },
  // The directories a user's password can be checked against, besides the second factor.
  ldap_2fa: {
    table: directories,
    id: directories.id,
    name: directories.name,
    customer: directories.customerId,
    where: eq(directories.type, 'LDAP'),
  },
  radius: {
    table: radiusConnectors,
    id: radiusConnectors.id,
    name: radiusConnectors.name,
    customer: radiusConnectors.customerId,
  },
  saml: {
    table: samlConnectors,
    id: samlConnectors.id,
    name: samlConnectors.name,
    customer: samlConnectors.customerId,
  },
  saml2: {
    table: saml2Connectors,
    id: saml2Connectors.id,
    name: saml2Connectors.providerName,
    customer: saml2Connectors.customerId,
  },
  oidc: {
    table: oidcClients,
    id: oidcClients.id,
    name: oidcClients.clientName,
    customer: oidcClients.customerId,
  },
  https: {
    table: httpsConnectors,
    id: httpsConnectors.id,
    name: httpsConnectors.name,
    customer: httpsConnectors.customerId,
  },
};

/** The type id of a kind: ldap_2fa is a directory, type 1 as ldap. */
export const typeIdOf = (kind: ConnectorKind): number =>
  CONNECTOR_TYPE_IDS[kind === 'ldap_2fa' ? 'ldap' : kind];

export type CreatableKind = (typeof LAUNCH_CREATABLE_KINDS)[number];
export const isCreatable = (kind: ConnectorKind): kind is CreatableKind =>
  (LAUNCH_CREATABLE_KINDS as readonly string[]).includes(kind);

/**
 * The names of a customer's connectors of one kind, by id (ids that are not the customer's connectors of
 * that kind are left out). `strict: false` reads the kind's table without the kind's own condition (the
 * name of a directory chosen as ldap_2fa, whatever it has become since).
 */
export async function connectorNamesOf(
  db: Database,
  customerId: string,
  kind: ConnectorKind,
  ids: readonly string[],
  strict = true,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const source = CONNECTOR_SOURCES[kind];
  const found = await db
    .select({ id: source.id, name: source.name })
    .from(source.table)
    .where(
      and(
        eq(source.customer, customerId),
        strict ? source.where : undefined,
        inArray(source.id, [...new Set(ids)]),
      ),
    );
  return new Map(found.map((row) => [row.id as string, row.name as string]));
}

/** Who makes a connector and with what: the launch's transaction, its caller and customer. */
export interface MakeContext {
  tx: Database;
  by: Modifier;
  customerId: string;
  sealer: Sealer;
  /** What an Office 365 connector starts from (read before the transaction, see samlDefaults). */
  samlDefaults?: SamlDefaults;
}

/** The URL suffix of a SAML 2.0 connector made from a name: its slug and a random suffix, at most 63. */
export const unameFromName = (name: string): string =>
  slugifyWithSuffix(slugify(name, SAML2_LIMITS.uname - SLUG_SUFFIX_LENGTH - 1));

const AUDIT_TABLES: Record<CreatableKind, AuditTable> = {
  radius: 'Radius',
  oidc: 'OIDC',
  https: 'HTTPS',
  saml2: 'SAML2',
  saml: 'SAML',
};

/** What the audit log keeps of a connector's row, as its own route does (secrets hidden by name). */
const audited = (row: Record<string, unknown>) => {
  const { id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept } = row;
  return kept;
};

/** The values of a new connector of a kind, with what the gateway generates for it and no address yet. */
async function valuesOf(ctx: MakeContext, kind: CreatableKind, name: string) {
  const customerId = ctx.customerId;
  switch (kind) {
    case 'radius':
      return { customerId, name, ipAddress: null, sharedSecret: newRadiusSecret(ctx.sealer) };
    case 'oidc':
      return {
        customerId,
        clientId: newOidcClientId(customerId),
        clientName: name,
        redirectUrls: [],
        clientSecret: newOidcSecret(ctx.sealer),
      };
    case 'https': {
      // The key itself is not kept anywhere: the HTTPS page makes a new one to show.
      const { apiKey: _apiKey, ...stored } = newApiKey();
      return { customerId, name, ...stored };
    }
    case 'saml2': {
      const uname = unameFromName(name);
      await claimSaml2Uname(ctx.tx, uname);
      const { providerName: _generic, ...defaults } = SAML2_DEFAULTS.generic;
      return {
        customerId,
        uname,
        providerName: name,
        ...defaults,
        attributeMapping: defaults.attributeMapping.map((entry) => ({ ...entry })),
      };
    }
    case 'saml': {
      const defaults = ctx.samlDefaults;
      if (!defaults)
        throw new Error('An Office 365 connector needs the SAML defaults, read before the transaction');
      return {
        customerId,
        name,
        url: defaults.url.replace(/\/+$/, ''),
        protocol: defaults.protocol,
        signInPath: defaults.signInPath,
        signOutPath: defaults.signOutPath,
        metaPath: defaults.metaPath,
        cert: `${defaults.cert.trim()}\n`,
      };
    }
  }
}

/**
 * Makes a connector of `kind` named `name` in the launch's transaction, with what the gateway generates and
 * the defaults of its kind (its address, redirect URLs or service provider's URLs are set on its own page
 * later), and writes its audit entry. Answers its id.
 */
export async function makeConnector(ctx: MakeContext, kind: CreatableKind, name: string): Promise<string> {
  const values = await valuesOf(ctx, kind, name);
  const table = CONNECTOR_SOURCES[kind].table;
  const [row] = (await ctx.tx.insert(table).values(values).returning()) as Record<string, unknown>[];
  const id = row!.id as string;
  await recordAudit(ctx.tx, ctx.by, {
    table: AUDIT_TABLES[kind],
    action: 'CREATE',
    entityId: id,
    customerId: ctx.customerId,
    after: audited(row!),
  });
  return id;
}
