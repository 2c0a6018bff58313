import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONNECTOR_TYPE_IDS, type ConnectorKind } from '../../../contract/connector.ts';
import {
  directories,
  httpsConnectors,
  oidcClients,
  radiusConnectors,
  saml2Connectors,
  samlConnectors,
} from '../../db/schema.ts';

/**
 * Where each kind of connector's rows are (the connector lookups of the service launch and the services'
 * connectors read them): the table, the id, the name a service shows, and which rows are of the kind. Every
 * table is a customer's: the call's transaction keeps it to the call's customer.
 */

export interface ConnectorSource {
  table: PgTable;
  id: AnyPgColumn;
  /** The name a service shows (clientName for oidc, providerName for saml2). */
  name: AnyPgColumn;
  /** Which rows of the table are of the kind. */
  where?: SQL;
}

export const CONNECTOR_SOURCES: Record<ConnectorKind, ConnectorSource> = {
  ldap: { table: directories, id: directories.id, name: directories.name },
  // The directories a user's password can be checked against, besides the second factor.
  ldap_2fa: {
    table: directories,
    id: directories.id,
    name: directories.name,
    where: eq(directories.type, 'LDAP'),
  },
  radius: {
    table: radiusConnectors,
    id: radiusConnectors.id,
    name: radiusConnectors.name,
  },
  saml: {
    table: samlConnectors,
    id: samlConnectors.id,
    name: samlConnectors.name,
  },
  saml2: {
    table: saml2Connectors,
    id: saml2Connectors.id,
    name: saml2Connectors.providerName,
  },
  oidc: {
    table: oidcClients,
    id: oidcClients.id,
    name: oidcClients.clientName,
  },
  https: {
    table: httpsConnectors,
    id: httpsConnectors.id,
    name: httpsConnectors.name,
  },
};

/** The type id of a kind: ldap_2fa is a directory, type 1 as ldap. */
export const typeIdOf = (kind: ConnectorKind): number =>
  CONNECTOR_TYPE_IDS[kind === 'ldap_2fa' ? 'ldap' : kind];
