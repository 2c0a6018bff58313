import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BILLING_ERRORS, SUBSCRIPTION_ERRORS } from '../../../contract/billing.ts';
import { SERVICE_ERRORS } from '../../../contract/service.ts';
import { TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import {
  httpsConnectors,
  oidcClients,
  radiusConnectors,
  saml2Connectors,
  samlConnectors,
  serviceConnectors,
  subscriptions,
  tokenPacks,
} from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { en } from '../../../src/i18n/en/index.ts';
import { customerWithAdmin } from '../fixtures/billing.ts';
import * as service from './fixtures.ts';

/**
 * Launching a service (POST /api/service-mgmt/service-launch/validate-create-service and /create-service):
 * a published template, one of the customer's subscriptions and one of its token packs, and at most one
 * connector of each type the template needs; connectors named NEW are made with the service; a connector
 * another service uses is reported, and moved only when forced. A refused launch writes nothing.
 */

const { world, calls } = service.serviceSuite();
const { asConnector, auditOfEntity, connector, launched, launchOf, radiusAndHttpsOf, template, writtenFor } =
  service;
/** Types 1 ldap, 2 radius, 3 saml, 4 oidc, 5 saml2, 7 https. */
let everything: string;
let radiusAndHttps: string;

beforeAll(async () => {
  everything = (await template(world.ctx, [1, 2, 3, 4, 5, 7])).id;
  radiusAndHttps = (await template(world.ctx, [2, 7])).id;
});

const E = SERVICE_ERRORS;

/** Expects the same answer from validation and creation, and nothing written. */
async function refusedBoth(body: Parameters<typeof calls.create>[0], status: number, key: string) {
  const before = await writtenFor(world.ctx, world.acme.id);
  for (const answer of [await calls.validateCreate(body), await calls.create(body)]) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.messageKey).toBe(key);
  }
  expect(await writtenFor(world.ctx, world.acme.id)).toEqual(before);
}

describe('the template, the subscription and the token pack', () => {
  it('launches from published templates only (404 for an unpublished or unknown one)', async () => {
    const unpublished = await template(world.ctx, [2], { status: 'UNPUBLISHED' });
    for (const id of [unpublished.id, randomUUID()]) {
      await refusedBoth(launchOf(world.acme, id, []), 404, E.templateNotFound.key);
    }
  });

  it("tells a customer without a subscription to subscribe first, in the spec's words", async () => {
    const newcomer = await customerWithAdmin(world.ctx, 'Initech');
    const body = {
      ...launchOf(world.acme, radiusAndHttps, []),
      customerId: newcomer.id,
      subscriptionId: randomUUID(),
      tokenPackId: randomUUID(),
    };
    for (const answer of [
      await calls.validateCreate(body, newcomer.admin),
      await calls.create(body, newcomer.admin),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        messageKey: 'error.service.noSubscription',
        message: 'You must subscribe at least one TokenPack at Home page.',
      });
    }
  });

  it("answers 404 for another customer's subscription or an unknown one", async () => {
    for (const subscriptionId of [world.globex.subscriptionId, randomUUID()]) {
      await refusedBoth(
        launchOf(world.acme, radiusAndHttps, [], { subscriptionId }),
        404,
        BILLING_ERRORS.subscriptionNotFound.key,
      );
    }
  });

  it('refuses a subscription that has ended (409), and writes nothing', async () => {
    const before = await writtenFor(world.ctx, world.acme.id);
    const [held] = await world.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, world.acme.subscriptionId));
    await world.ctx.db
      .update(subscriptions)
      .set({ expireDate: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.id, world.acme.subscriptionId));
    try {
      await refusedBoth(launchOf(world.acme, radiusAndHttps, []), 409, SUBSCRIPTION_ERRORS.notActive.key);
    } finally {
      await world.ctx.db
        .update(subscriptions)
        .set({ expireDate: held!.expireDate })
        .where(eq(subscriptions.id, world.acme.subscriptionId));
    }
    expect(await writtenFor(world.ctx, world.acme.id)).toEqual(before);
  });

  it("answers 404 for another customer's token pack, 400 for a pack of another subscription", async () => {
    for (const tokenPackId of [world.globex.tokenPackId, randomUUID()]) {
      await refusedBoth(
        launchOf(world.acme, radiusAndHttps, [], { tokenPackId }),
        404,
        TOKEN_PACK_ERRORS.notFound.key,
      );
    }
    const [loose] = await world.ctx.db
      .insert(tokenPacks)
      .values({ customerId: world.acme.id, name: 'Pack without subscription' })
      .returning();
    await refusedBoth(
      launchOf(world.acme, radiusAndHttps, [], { tokenPackId: loose!.id }),
      400,
      E.tokenPackNotInSubscription.key,
    );
  });

  it("refuses another customer's id in the body as the guard does (404 customer not found)", async () => {
    const body = launchOf(world.globex, radiusAndHttps, []);
    const before = await writtenFor(world.ctx, world.globex.id);
    for (const answer of [await calls.validateCreate(body), await calls.create(body)]) {
      expect(answer.status).toBe(404);
      expect(answer.body.messageKey).toBe('error.customer.notFound');
    }
    expect(await writtenFor(world.ctx, world.globex.id)).toEqual(before);
  });
});

describe("the connectors: the template's types, one of each, the customer's", () => {
  it('refuses a connector of a type the template does not need, naming the type', async () => {
    const saml2 = await connector(world, world.acme, 'saml2');
    const body = launchOf(world.acme, radiusAndHttps, [asConnector(saml2, 'saml2')]);
    await refusedBoth(body, 400, E.connectorTypeNotNeeded.key);
    const answer = await calls.create(body);
    expect(answer.body).toEqual({
      messageKey: E.connectorTypeNotNeeded.key,
      message: 'This service does not use saml2 connectors.',
      params: { type: 'saml2' },
    });
  });

  it('refuses two connectors of one type', async () => {
    const [first, second] = [
      await connector(world, world.acme, 'radius'),
      await connector(world, world.acme, 'radius'),
    ];
    await refusedBoth(
      launchOf(world.acme, radiusAndHttps, [asConnector(first, 'radius'), asConnector(second, 'radius')]),
      400,
      E.connectorTypeTwice.key,
    );
  });

  it('counts ldap_2fa as the ldap type (1): accepted where ldap is needed, not beside an ldap one', async () => {
    const ldapOnly = (await template(world.ctx, [1])).id;
    const directory = await connector(world, world.acme, 'ldap');
    const other = await connector(world, world.acme, 'ldap');
    await refusedBoth(
      launchOf(world.acme, ldapOnly, [asConnector(directory, 'ldap_2fa'), asConnector(other, 'ldap')]),
      400,
      E.connectorTypeTwice.key,
    );
    await refusedBoth(
      launchOf(world.acme, radiusAndHttps, [asConnector(directory, 'ldap_2fa')]),
      400,
      E.connectorTypeNotNeeded.key,
    );
    const id = await launched(world, launchOf(world.acme, ldapOnly, [asConnector(directory, 'ldap_2fa')]));
    const record = (await calls.getOne(world.acme.id, id)).body;
    expect(record.connectors).toEqual([{ id: directory.id, name: directory.name, type: 'ldap_2fa' }]);
    expect(record.connectorConfig).toEqual({ connector_1: directory.id });
  });

  it("answers 404 for a connector that is not the customer's of that kind", async () => {
    const theirs = await connector(world, world.globex, 'radius');
    const https = await connector(world, world.acme, 'https');
    for (const entry of [
      asConnector(theirs, 'radius'),
      { id: randomUUID(), type: 'radius' as const, name: 'Unknown' },
      { id: 'not-a-uuid', type: 'radius' as const, name: 'Malformed' },
      // An HTTPS connector's id sent as a RADIUS one.
      asConnector(https, 'radius'),
    ]) {
      await refusedBoth(launchOf(world.acme, radiusAndHttps, [entry]), 404, E.connectorNotFound.key);
    }
  });

  it('makes no directory from a name (400), and no connector from a blank one', async () => {
    const ldapOnly = (await template(world.ctx, [1])).id;
    await refusedBoth(
      launchOf(world.acme, ldapOnly, [{ id: 'NEW', type: 'ldap', name: 'Head office' }]),
      400,
      E.cannotCreateConnector.key,
    );
    await refusedBoth(
      launchOf(world.acme, radiusAndHttps, [{ id: 'NEW', type: 'radius', name: '   ' }]),
      400,
      'error.validation.invalid',
    );
  });
});

describe('a launch', () => {
  it('validates without writing anything, then creates a STOPPED, enabled service in the token pack', async () => {
    const radius = await connector(world, world.acme, 'radius');
    const body = launchOf(world.acme, radiusAndHttps, [asConnector(radius, 'radius')], {
      name: '  VPN for the branch  ',
      description: 'Branch office VPN',
    });
    const before = await writtenFor(world.ctx, world.acme.id);
    const checked = await calls.validateCreate(body);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ success: true, usedConnectors: [] });
    expect(await writtenFor(world.ctx, world.acme.id)).toEqual(before);

    const made = await calls.create(body);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(String) });
    const record = (await calls.getOne(world.acme.id, made.body.id)).body;
    expect(record).toMatchObject({
      id: made.body.id,
      customerId: world.acme.id,
      instanceName: 'VPN for the branch',
      description: 'Branch office VPN',
      status: 'STOPPED',
      enabled: true,
      tokenPackId: world.acme.tokenPackId,
      tokenPackName: 'Acme Pack',
      serviceTemplateId: radiusAndHttps,
      protocol: 'RADIUS',
      connectorConfig: { connector_2: radius.id },
      connectors: [{ id: radius.id, name: radius.name, type: 'radius' }],
      connectorIds: [2, 7],
      bypassCount: 0,
      seamlessCount: 0,
    });
    const audit = await auditOfEntity(world.ctx, made.body.id);
    expect(audit.map((entry) => [entry.tableName, entry.action])).toEqual([['Service', 'CREATE']]);
  });

  it('makes the NEW connectors with the service, with what the gateway generates', async () => {
    const name = (kind: string) => `Made with the service (${kind})`;
    const answer = await calls.create(
      launchOf(
        world.acme,
        everything,
        (['radius', 'saml', 'oidc', 'saml2', 'https'] as const).map((type) => ({
          id: 'NEW',
          type,
          name: name(type),
        })),
      ),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = answer.body.id as string;
    // The HTTPS connector's API key is answered this once, as when it is made on its own page.
    const apiKey = answer.body.apiKey as string;
    expect(apiKey).toMatch(/^gwk_[A-Za-z0-9]{40}$/);
    const record = (await calls.getOne(world.acme.id, id)).body;
    expect(Object.keys(record.connectorConfig).sort()).toEqual([
      'connector_2',
      'connector_3',
      'connector_4',
      'connector_5',
      'connector_7',
    ]);
    expect(
      record.connectors.map((entry: { name: string; type: string }) => [entry.type, entry.name]),
    ).toEqual([
      ['radius', name('radius')],
      ['saml', name('saml')],
      ['oidc', name('oidc')],
      ['saml2', name('saml2')],
      ['https', name('https')],
    ]);
    const config = record.connectorConfig as Record<string, string>;
    const db = world.ctx.db;
    const sealer = createSealer(world.ctx.config.secretsKey);

    // RADIUS: a sealed 24-character secret, no address yet (the RADIUS page shows it empty).
    const [radius] = await db
      .select()
      .from(radiusConnectors)
      .where(eq(radiusConnectors.id, config.connector_2!));
    expect(radius).toMatchObject({ customerId: world.acme.id, name: name('radius'), ipAddress: null });
    expect(sealer.open(radius!.sharedSecret)).toMatch(/^[A-Za-z0-9]{24}$/);
    const shown = await calls.call('GET', `/idm-config/connectors/radius/${world.acme.id}/${radius!.id}`);
    expect(shown.body).toMatchObject({ ipAddress: null, secretSet: true });

    // OIDC: a client id of the customer's and a sealed secret, no redirect URL yet.
    const [oidc] = await db.select().from(oidcClients).where(eq(oidcClients.id, config.connector_4!));
    expect(oidc).toMatchObject({ clientName: name('oidc'), redirectUrls: [] });
    expect(oidc!.clientId).toMatch(new RegExp(`^oidc-${world.acme.id.replaceAll('-', '')}-[a-z0-9]{16}$`));
    expect(sealer.open(oidc!.clientSecret).length).toBeGreaterThan(20);

    // HTTPS: an API key kept as its hash and hint, serving the new service.
    const [https] = await db
      .select()
      .from(httpsConnectors)
      .where(eq(httpsConnectors.id, config.connector_7!));
    expect(https).toMatchObject({ name: name('https'), serviceId: id });
    expect(https!.apiKeyHash).toBe(createHash('sha256').update(apiKey, 'utf8').digest('hex'));
    expect(https!.apiKeyHint).toBe(`${apiKey.slice(0, 12)}…`);

    // SAML 2.0: the name's slug with a random suffix, the generic defaults.
    const [saml2] = await db
      .select()
      .from(saml2Connectors)
      .where(eq(saml2Connectors.id, config.connector_5!));
    expect(saml2).toMatchObject({
      providerName: name('saml2'),
      signatureAlgorithm: 'SHA-256',
      nameIdFormat: 'emailAddress',
      entityId: '',
      acsUrl: '',
    });
    expect(saml2!.uname).toMatch(/^made-with-the-service-saml2-[a-z]{8}$/);

    // Office 365: this gateway's defaults and signing certificate, as the SAML page's defaults.
    const [saml] = await db.select().from(samlConnectors).where(eq(samlConnectors.id, config.connector_3!));
    const defaults = await calls.call('GET', `/idm-config/connectors/saml/${world.acme.id}/defaults`);
    expect(defaults.status).toBe(200);
    expect(saml).toMatchObject({
      name: name('saml'),
      url: defaults.body.url,
      signInPath: defaults.body.signInPath,
      cert: `${defaults.body.cert.trim()}\n`,
    });

    // Each has its own audit entry.
    for (const [table, connectorId] of [
      ['Radius', config.connector_2],
      ['OIDC', config.connector_4],
      ['HTTPS', config.connector_7],
      ['SAML2', config.connector_5],
      ['SAML', config.connector_3],
    ] as const) {
      const entries = await auditOfEntity(world.ctx, connectorId!);
      expect(entries.map((entry) => [entry.tableName, entry.action])).toEqual([[table, 'CREATE']]);
      expect(JSON.stringify(entries)).not.toContain(sealer.open(radius!.sharedSecret));
      expect(JSON.stringify(entries)).not.toContain(apiKey);
    }
  });

  it('makes no connector when the launch fails', async () => {
    const body = launchOf(world.acme, radiusAndHttps, [
      { id: 'NEW', type: 'radius', name: 'Never made' },
      { id: randomUUID(), type: 'https', name: 'Unknown' },
    ]);
    await refusedBoth(body, 404, E.connectorNotFound.key);
    const made = await world.ctx.db
      .select()
      .from(radiusConnectors)
      .where(eq(radiusConnectors.name, 'Never made'));
    expect(made).toEqual([]);
  });
});

describe('a connector another service uses', () => {
  it('is reported by validation, refused with 409 and nothing written, and moved when forced', async () => {
    const { radius, https, chosen } = await radiusAndHttpsOf(world, world.acme);
    const first = await launched(world, launchOf(world.acme, radiusAndHttps, chosen, { name: 'First VPN' }));
    const [served] = await world.ctx.db
      .select()
      .from(httpsConnectors)
      .where(eq(httpsConnectors.id, https.id));
    expect(served!.serviceId).toBe(first);

    const second = launchOf(world.acme, radiusAndHttps, chosen, { name: 'Second VPN' });
    const usedConnectors = [
      {
        connectorId: radius.id,
        connectorName: radius.name,
        serviceInstanceId: first,
        serviceInstanceName: 'First VPN',
      },
      {
        connectorId: https.id,
        connectorName: https.name,
        serviceInstanceId: first,
        serviceInstanceName: 'First VPN',
      },
    ];
    const checked = await calls.validateCreate(second);
    expect(checked.status).toBe(200);
    expect(checked.body.success).toBe(false);
    expect(checked.body.usedConnectors).toEqual(expect.arrayContaining(usedConnectors));
    expect(checked.body.usedConnectors).toHaveLength(2);
    const forcedCheck = await calls.validateCreate({ ...second, force: 'true' });
    expect(forcedCheck.body.success).toBe(true);
    expect(forcedCheck.body.usedConnectors).toHaveLength(2);

    const before = await writtenFor(world.ctx, world.acme.id);
    for (const force of [undefined, 'false' as const]) {
      const refused = await calls.create({ ...second, ...(force ? { force } : {}) });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        messageKey: E.connectorInUse.key,
        message: E.connectorInUse.text,
        params: { count: 2 },
      });
    }
    expect(await writtenFor(world.ctx, world.acme.id)).toEqual(before);

    const moved = await calls.create({ ...second, force: 'true' });
    expect(moved.status).toBe(201);
    const now = (await calls.getOne(world.acme.id, moved.body.id)).body;
    expect(now.connectorConfig).toEqual({ connector_2: radius.id, connector_7: https.id });
    const old = (await calls.getOne(world.acme.id, first)).body;
    expect(old.connectorConfig).toEqual({});
    expect(old.connectors).toEqual([]);
    const [movedHttps] = await world.ctx.db
      .select()
      .from(httpsConnectors)
      .where(eq(httpsConnectors.id, https.id));
    expect(movedHttps!.serviceId).toBe(moved.body.id);
    const holders = await world.ctx.db
      .select()
      .from(serviceConnectors)
      .where(eq(serviceConnectors.connectorId, radius.id));
    expect(holders.map((row) => row.serviceInstanceId)).toEqual([moved.body.id]);
    // The old service's change is in its audit trail.
    const trail = await auditOfEntity(world.ctx, first);
    expect(trail.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    expect(trail[1]!.changes).toMatchObject({
      connectorConfig: { before: { connector_2: radius.id, connector_7: https.id }, after: {} },
    });
  });
});

describe('the catalogue', () => {
  it("has every service answer's key with the server's text", () => {
    const lookUp = (key: string): unknown =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const { key, text } of Object.values(SERVICE_ERRORS)) expect(lookUp(key), key).toBe(text);
  });
});
