import { type Static, Type } from 'typebox';
import {
  CustomerRecordParams,
  connectorCrud,
  isIpAddress,
  NAME_MAX_LENGTH,
  recordEcho,
} from './connector.ts';
import { closed, NullableString, ReadOnly, RequiredText } from './fields.ts';
import { DEFAULT_RADIUS_MODE, GatewaySignIn, RADIUS_MODES } from './gateway.ts';
import { ACTIONS, defineErrors, defineListingNames, definePermissions, defineResource } from './kit.ts';

/**
 * RADIUS connectors (docs/requirements/portal-entities.md RADIUS connector, docs/requirements/portal-validation.md unique IP, docs/requirements/error-messages.md; docs/requirements/constants-and-limits.md proxy port 1812): a RADIUS
 * client of the gateway (a VPN, a firewall) by its address and shared secret. The gateway generates the
 * secret; it is answered once, when made, and never again.
 */

/**
 * docs/requirements/constants-and-limits.md: the port the gateway's RADIUS server listens on by default
 * (RADIUS_PORT); a record says the port in force.
 */
export const RADIUS_PROXY_PORT = 1812;
export { DEFAULT_RADIUS_MODE, RADIUS_MODES };
/** Generated shared secrets: letters and digits (VPN appliances refuse some symbols), about 143 bits. */
export const RADIUS_SECRET_LENGTH = 24;
export const RADIUS_LIMITS = { name: NAME_MAX_LENGTH, ipAddress: 45 } as const;

export const RadiusRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /**
   * IPv4, or IPv6 in its canonical (compressed, lower-case) form; null until it is set, for a connector a
   * service launch made from its name alone.
   */
  ipAddress: NullableString,
  /** The UDP port the gateway's RADIUS server listens on now; null when it is turned off (RADIUS_PORT=0). */
  proxyPort: Type.Union([Type.Integer(), Type.Null()]),
  /** How the second factor is asked (contract/gateway.ts RADIUS_MODES). */
  mode: Type.Enum([...RADIUS_MODES]),
  /**
   * The NAS-Identifier the VPN must send when another connector has the same address (a shared NAT): the
   * connector's id.
   */
  nasIdentifier: Type.String(),
  /** The last request the gateway answered for this connector. */
  lastSignIn: Type.Union([GatewaySignIn, Type.Null()]),
  /** A shared secret is stored; it is never sent back after it was made. */
  secretSet: Type.Boolean(),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type RadiusRecord = Static<typeof RadiusRecord>;

export const IpAddress = Type.Refine(
  Type.String({ minLength: 1, maxLength: RADIUS_LIMITS.ipAddress }),
  (value) => isIpAddress(value.trim()),
  () => 'must be an IPv4 or IPv6 address',
);

export const RadiusForm = Type.Object(
  {
    name: RequiredText(RADIUS_LIMITS.name),
    ipAddress: IpAddress,
    mode: Type.Optional(Type.Enum([...RADIUS_MODES], { default: DEFAULT_RADIUS_MODE })),
    ...recordEcho({
      proxyPort: ReadOnly(),
      secretSet: ReadOnly(),
      nasIdentifier: ReadOnly(),
      lastSignIn: ReadOnly(),
    }),
  },
  closed,
);
export type RadiusForm = Static<typeof RadiusForm>;

/** A new shared secret, answered once (create and regenerate). */
export const RadiusSecretAnswer = Type.Object({ id: Type.String(), sharedSecret: Type.String() });
export type RadiusSecretAnswer = Static<typeof RadiusSecretAnswer>;

export const RADIUS_LISTING = defineListingNames({
  filters: ['q', 'id'],
  sort: ['name', 'ipAddress', 'mode', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

const inCustomer = { from: 'path' } as const;

export const radius = defineResource({
  name: 'radius',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Radius', name: 'Radius' },
  base: '/idm-config/connectors/radius',
  customerScoped: true,
  permission: 'radius',
  ...connectorCrud({
    permission: 'radius',
    record: RadiusRecord,
    form: RadiusForm,
    created: RadiusSecretAnswer,
    unique: true,
    summaries: {
      list: "Search a customer's RADIUS connectors (never their shared secrets)",
      getOne: 'Read a RADIUS connector (its shared secret is never sent back)',
      create:
        'Add a RADIUS connector, its IP address unique in the customer; answers the generated shared secret, once',
      update: "Change a RADIUS connector's name or IP address (the shared secret is kept)",
      delete: 'Delete a RADIUS connector',
    },
  }),
  actions: {
    regenerateSecret: {
      by: 'call',
      method: 'PUT',
      path: '{base}/{customerId}/{id}/shared-secret',
      summary:
        'Replace the shared secret of a RADIUS connector with a new random one, answered once (the old one stops working)',
      access: { permission: 'radius:configure', customer: inCustomer },
      errors: [404],
      schema: { params: CustomerRecordParams, response: { 200: RadiusSecretAnswer } },
    },
  },
});

/** The server's answers about RADIUS connectors, in the catalogue's words (src/i18n/en/errors.ts). */
export const RADIUS_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.radius.notFound', text: 'RADIUS connector not found' },
  ipExisted: {
    status: 409,
    key: 'error.radius.ipExisted',
    text: 'There is one existing connector with this IP already. Please check your IP again!',
    field: 'ipAddress',
  },
  /** The same refusal, naming the connector of the caller's customer that has the address. */
  ipHeldBy: {
    status: 409,
    key: 'error.radius.ipHeldBy',
    text: "There is one existing connector with this IP already. Please check your IP again! It is the connector '%{name}'.",
    field: 'ipAddress',
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  radius: {
    scope: 'customer',
    actions: ACTIONS,
    asset: { name: 'RADIUS Connectors', description: 'RADIUS connectors of a customer' },
  },
});
