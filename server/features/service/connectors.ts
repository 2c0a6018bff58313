import { and, inArray } from 'drizzle-orm';
import type { ConnectorKind } from '../../../contract/connector.ts';
import { SLUG_SUFFIX_LENGTH, slugify, slugifyWithSuffix } from '../../../contract/rules.ts';
import type { SamlDefaults } from '../../../contract/saml.ts';
import { SAML2_LIMITS } from '../../../contract/saml2.ts';
import { LAUNCH_CREATABLE_KINDS } from '../../../contract/service.ts';
import type { Database } from '../../db/client.ts';
import type { AuditTable } from '../../domain/audit.ts';
import type { Sealer } from '../../domain/secrets.ts';
import type { WriteScope } from '../../kit/call.ts';
import {
  claimSaml2Uname,
  newApiKey,
  newOidcClientId,
  newOidcSecret,
  newRadiusSecret,
} from '../connector/make.ts';
import { SAML2_DEFAULTS } from '../connector/saml2.ts';
import { CONNECTOR_SOURCES } from '../connector/sources.ts';
import { claimHttpsName } from '../https/httpsConnectors.ts';

/**
 * The connectors a service uses, by kind (their rows: connector/sources.ts): their names, and a connector
 * made from its name alone by a launch.
 */

export type CreatableKind = (typeof LAUNCH_CREATABLE_KINDS)[number];
export const isCreatable = (kind: ConnectorKind): kind is CreatableKind =>
  (LAUNCH_CREATABLE_KINDS as readonly string[]).includes(kind);

/**
 * The names of the transaction's customer's connectors of one kind, by id (ids that are not its connectors
 * of that kind are left out). `strict: false` reads the kind's table without the kind's own condition (the
 * name of a directory chosen as ldap_2fa, whatever it has become since).
 */
export async function connectorNamesOf(
  tx: Database,
  kind: ConnectorKind,
  ids: readonly string[],
  strict = true,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const source = CONNECTOR_SOURCES[kind];
  const found = await tx
    .select({ id: source.id, name: source.name })
    .from(source.table)
    .where(and(strict ? source.where : undefined, inArray(source.id, [...new Set(ids)])));
  return new Map(found.map((row) => [row.id as string, row.name as string]));
}

/** Who makes a connector and with what: the call's transaction, audit writer and customer. */
export interface MakeScope extends WriteScope {
  customer: string;
  sealer: Sealer;
  /** What an Office 365 connector starts from (read when one is made). */
  samlDefaults: () => Promise<SamlDefaults>;
  /** Where the secrets of the connectors made are put, to be answered once (an HTTPS connector's apiKey). */
  madeSecrets?: Map<'apiKey', string>;
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
async function valuesOf(scope: MakeScope, kind: CreatableKind, name: string) {
  const customerId = scope.customer;
  switch (kind) {
    case 'radius':
      return { customerId, name, ipAddress: null, sharedSecret: newRadiusSecret(scope.sealer) };
    case 'oidc':
      return {
        customerId,
        clientId: newOidcClientId(customerId),
        clientName: name,
        redirectUrls: [],
        clientSecret: newOidcSecret(scope.sealer),
      };
    case 'https': {
      // The key itself is kept nowhere: the launch answers it, once.
      const { apiKey, ...stored } = newApiKey();
      await claimHttpsName(scope, name);
      scope.madeSecrets?.set('apiKey', apiKey);
      return { customerId, name, ...stored };
    }
    case 'saml2': {
      const uname = unameFromName(name);
      await claimSaml2Uname(scope.tx, uname);
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
      const defaults = await scope.samlDefaults();
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
export async function makeConnector(scope: MakeScope, kind: CreatableKind, name: string): Promise<string> {
  const values = await valuesOf(scope, kind, name);
  const table = CONNECTOR_SOURCES[kind].table;
  const [row] = (await scope.tx.insert(table).values(values).returning()) as Record<string, unknown>[];
  const id = row!.id as string;
  await scope.audit({ table: AUDIT_TABLES[kind], action: 'CREATE', entityId: id, after: audited(row!) });
  return id;
}
