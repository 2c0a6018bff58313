import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { SERVICE_ERRORS } from '../../../contract/service.ts';
import { templateIconUrl } from '../../../contract/serviceTemplate.ts';
import { TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import {
  auditLog,
  files,
  httpsConnectors,
  serviceConnectors,
  serviceInstances,
  serviceTemplates,
  serviceUsers,
  tokenPacks,
} from '../../../server/db/schema.ts';
import * as service from './fixtures.ts';

/**
 * Service instances (contract/service.ts): reading one or several (their pack, template and connectors by
 * name), changing one with the launch's connector rules, the list and its filters, start and stop, deleting
 * one (its connectors freed), a pack's unused services, the setup wizard, and the installer profile. Another
 * customer's ids are 404s on every call, with nothing written.
 */

const { world, calls } = service.serviceSuite();
const {
  asConnector,
  auditOfEntity,
  connector,
  launched,
  launchOf,
  radiusAndHttpsOf,
  template,
  usersOf,
  writtenFor,
} = service;
let radiusAndHttps: string;

beforeAll(async () => {
  radiusAndHttps = (await template(world.ctx, [2, 7], { templateName: 'VPN with an agent' })).id;
});

const E = SERVICE_ERRORS;

/** The edit form as the portal sends it: the record as read, with changes. */
async function edited(id: string, changes: Record<string, unknown>) {
  const record = (await calls.getOne(world.acme.id, id)).body;
  return { ...record, ...changes };
}

describe('a service as read', () => {
  it('names its pack, template (with its icon), connectors and the sizes of its lists', async () => {
    const [icon] = await world.ctx.db
      .insert(files)
      .values({
        customerId: null,
        fileName: 'icon.png',
        mimeType: 'image/png',
        size: 1,
        bytes: Buffer.from([1]),
      })
      .returning();
    const everything = await template(world.ctx, [1, 2, 3, 4, 5, 7], { templateName: 'Everything' });
    await world.ctx.db
      .update(serviceTemplates)
      .set({ iconFileId: icon!.id })
      .where(eq(serviceTemplates.id, everything.id));
    const oidc = await connector(world, world.acme, 'oidc', 'Shop client');
    const saml2 = await connector(world, world.acme, 'saml2', 'Zoom provider');
    const id = await launched(
      world,
      launchOf(world.acme, everything.id, [
        { id: oidc.id, type: 'oidc', name: 'ignored' },
        { id: saml2.id, type: 'saml2', name: 'ignored' },
      ]),
    );
    const people = await usersOf(world.ctx, world.acme.id, ['ada.read', 'bob.read']);
    await world.ctx.db.insert(serviceUsers).values([
      { serviceInstanceId: id, userId: people[0]!.id, list: 'BYPASS' },
      { serviceInstanceId: id, userId: people[1]!.id, list: 'BYPASS' },
      { serviceInstanceId: id, userId: people[0]!.id, list: 'SEAMLESS' },
    ]);
    const answer = await calls.getOne(world.acme.id, id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      tokenPackName: 'Acme Pack',
      templateName: 'Everything',
      protocol: 'RADIUS',
      iconUrl: templateIconUrl(everything.id, icon!.id),
      connectorIds: [1, 2, 3, 4, 5, 7],
      connectors: [
        { id: oidc.id, name: 'Shop client', type: 'oidc' },
        { id: saml2.id, name: 'Zoom provider', type: 'saml2' },
      ],
      bypassCount: 2,
      seamlessCount: 1,
    });
  });

  it('reads the service an approved order made, which has no template', async () => {
    const answer = await calls.getOne(world.acme.id, world.acme.approvalServiceId);
    expect(answer.body).toMatchObject({
      instanceName: 'Acme Pack Service',
      serviceTemplateId: null,
      templateName: null,
      iconUrl: null,
      connectorIds: [],
      connectors: [],
      connectorConfig: {},
    });
  });

  it('reads several in the order asked, leaving out unknown ids and those of another customer', async () => {
    const first = await launched(world, launchOf(world.acme, radiusAndHttps, []));
    const answer = await calls.getMany(world.acme.id, [
      first,
      randomUUID(),
      world.globex.approvalServiceId,
      world.acme.approvalServiceId,
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((record: { id: string }) => record.id)).toEqual([
      first,
      world.acme.approvalServiceId,
    ]);
  });

  it("answers 404 for another customer's service and an unknown or malformed id", async () => {
    for (const id of [world.globex.approvalServiceId, randomUUID(), 'not-an-id']) {
      const answer = await calls.getOne(world.acme.id, id);
      expect(answer.status).toBe(404);
      expect(answer.body.messageKey).toBe(E.notFound.key);
    }
  });
});

describe('the list', () => {
  it("lists the customer's services by name, filtered by token pack, status and text", async () => {
    const [other] = await world.ctx.db
      .insert(tokenPacks)
      .values({ customerId: world.acme.id, name: 'Other pack', subscriptionId: world.acme.subscriptionId })
      .returning();
    const zulu = await launched(
      world,
      launchOf(world.acme, radiusAndHttps, [], { name: 'Zulu listed', tokenPackId: other!.id }),
    );
    const alpha = await launched(
      world,
      launchOf(world.acme, radiusAndHttps, [], { name: 'Alpha listed', tokenPackId: other!.id }),
    );
    await calls.start(world.acme.id, zulu);

    const all = await calls.list(world.acme.id);
    expect(all.status).toBe(200);
    const names = all.body.map((record: { instanceName: string }) => record.instanceName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.body.every((record: { customerId: string }) => record.customerId === world.acme.id)).toBe(
      true,
    );

    const inPack = await calls.list(world.acme.id, `tokenPackId=${other!.id}`);
    expect(inPack.body.map((record: { id: string }) => record.id)).toEqual([alpha, zulu]);
    const started = await calls.list(world.acme.id, `tokenPackId=${other!.id}&status=STARTED`);
    expect(started.body.map((record: { id: string }) => record.id)).toEqual([zulu]);
    const found = await calls.list(world.acme.id, 'q=alpha%20LIST');
    expect(found.body.map((record: { id: string }) => record.id)).toEqual([alpha]);
    const descending = await calls.list(
      world.acme.id,
      `tokenPackId=${other!.id}&sort=instanceName&order=DESC`,
    );
    expect(descending.body.map((record: { id: string }) => record.id)).toEqual([zulu, alpha]);
    // Another customer's pack lists nothing.
    expect((await calls.list(world.acme.id, `tokenPackId=${world.globex.tokenPackId}`)).body).toEqual([]);
  });
});

describe("the list's export", () => {
  const exportOf = (customerId: string, format: 'csv' | 'json', query: string, token?: string) =>
    calls.call(
      'GET',
      `/service-mgmt/service-instance/${customerId}/list/export/${format}?${query}`,
      undefined,
      token,
    );

  it('writes the services the list shows with its filters, in its order, with the columns asked, audited', async () => {
    const [pack] = await world.ctx.db
      .insert(tokenPacks)
      .values({ customerId: world.acme.id, name: 'Export pack', subscriptionId: world.acme.subscriptionId })
      .returning();
    const formula = await launched(
      world,
      launchOf(world.acme, radiusAndHttps, [], { name: '=Exported formula', tokenPackId: pack!.id }),
    );
    const plain = await launched(
      world,
      launchOf(world.acme, radiusAndHttps, [], { name: 'Exported plain', tokenPackId: pack!.id }),
    );
    const listed = await calls.list(world.acme.id, `tokenPackId=${pack!.id}&sort=instanceName&order=DESC`);
    const ids = listed.body.map((record: { id: string }) => record.id);
    expect(ids).toEqual([plain, formula]);

    const csv = await exportOf(
      world.acme.id,
      'csv',
      `tokenPackId=${pack!.id}&sort=instanceName&order=DESC&fields=instanceName,status,createdDate`,
    );
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,instanceName,status,createdDate');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['id', plain, formula]);
    // A name a spreadsheet would read as a formula is escaped; dates are ISO 8601.
    expect(lines[2]).toContain(`,"'=Exported formula",`);
    expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const json = await exportOf(world.acme.id, 'json', `tokenPackId=${pack!.id}&fields=instanceName`);
    expect(json.status).toBe(200);
    // By name, as the list without a sort (JSON has no formulas to escape).
    expect(json.body).toEqual([
      { id: formula, instanceName: '=Exported formula' },
      { id: plain, instanceName: 'Exported plain' },
    ]);

    const [entry] = await world.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.customerId, world.acme.id), eq(auditLog.action, 'EXPORT')))
      .orderBy(desc(auditLog.modifiedDate))
      .limit(1);
    expect(entry).toMatchObject({ tableName: 'Export', entityId: 'service-instance' });
    expect(entry!.changes).toMatchObject({
      format: { after: 'json' },
      filters: { after: { tokenPackId: pack!.id } },
      rows: { after: 2 },
    });
  });

  it("answers nothing of another customer's, and refuses what the list does not take", async () => {
    expect((await exportOf(world.acme.id, 'csv', '', world.globex.admin)).status).toBe(404);
    const foreignPack = await exportOf(world.acme.id, 'csv', `tokenPackId=${world.globex.tokenPackId}`);
    expect(foreignPack.status).toBe(200);
    expect(
      String(foreignPack.body)
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    const unknown = await exportOf(world.acme.id, 'csv', 'nope=1');
    expect(unknown.status).toBe(400);
    expect((await exportOf(world.acme.id, 'csv', 'fields=a%20b')).status).toBe(400);
    expect(
      (await calls.call('GET', `/service-mgmt/service-instance/${world.acme.id}/list/export/xml`)).status,
    ).toBe(400);
  });
});

describe('a change', () => {
  it('changes the name, description and remember-password flag, with an audit entry', async () => {
    const id = await launched(world, launchOf(world.acme, radiusAndHttps, []));
    const answer = await calls.update(
      world.acme.id,
      id,
      await edited(id, { instanceName: ' Renamed ', description: 'Now described', rememberPassword: true }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      instanceName: 'Renamed',
      description: 'Now described',
      rememberPassword: true,
    });
    const trail = await auditOfEntity(world.ctx, id);
    expect(trail.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    expect(trail[1]!.changes).toMatchObject({
      instanceName: { after: 'Renamed' },
      rememberCredentials: { after: true },
    });
  });

  it('replaces its connectors: a connector left out is freed, an HTTPS one forgets the service', async () => {
    const radius = await connector(world, world.acme, 'radius');
    const https = await connector(world, world.acme, 'https');
    const id = await launched(
      world,
      launchOf(world.acme, radiusAndHttps, [asConnector(radius, 'radius'), asConnector(https, 'https')]),
    );
    const next = await connector(world, world.acme, 'radius');
    const answer = await calls.update(
      world.acme.id,
      id,
      await edited(id, { connectors: [asConnector(next, 'radius')] }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.connectorConfig).toEqual({ connector_2: next.id });
    const [freed] = await world.ctx.db.select().from(httpsConnectors).where(eq(httpsConnectors.id, https.id));
    expect(freed!.serviceId).toBeNull();
    // The connectors it left are free for another service: no warning.
    const checked = await calls.validateCreate(
      launchOf(world.acme, radiusAndHttps, [asConnector(radius, 'radius'), asConnector(https, 'https')]),
    );
    expect(checked.body).toEqual({ success: true, usedConnectors: [] });
  });

  it('follows the force rule: validate-update reports, 409 writes nothing, force moves the connector', async () => {
    const radius = await connector(world, world.acme, 'radius');
    const holder = await launched(
      world,
      launchOf(world.acme, radiusAndHttps, [asConnector(radius, 'radius')], {
        name: 'Holder',
      }),
    );
    const taker = await launched(world, launchOf(world.acme, radiusAndHttps, []));
    const form = await edited(taker, { connectors: [asConnector(radius, 'radius')] });
    const used = [
      {
        connectorId: radius.id,
        connectorName: radius.name,
        serviceInstanceId: holder,
        serviceInstanceName: 'Holder',
      },
    ];
    expect((await calls.validateUpdate(form)).body).toEqual({ success: false, usedConnectors: used });
    expect((await calls.validateUpdate({ ...form, force: 'true' })).body).toEqual({
      success: true,
      usedConnectors: used,
    });
    // The holder itself keeping it is no warning.
    expect((await calls.validateUpdate(await edited(holder, {}))).body).toEqual({
      success: true,
      usedConnectors: [],
    });

    const before = await writtenFor(world.ctx, world.acme.id);
    const refused = await calls.update(world.acme.id, taker, { ...form, instanceName: 'Not saved' });
    expect(refused.status).toBe(409);
    expect(refused.body.messageKey).toBe(E.connectorInUse.key);
    expect(await writtenFor(world.ctx, world.acme.id)).toEqual(before);

    const moved = await calls.update(world.acme.id, taker, { ...form, force: 'true' });
    expect(moved.status).toBe(200);
    expect(moved.body.connectorConfig).toEqual({ connector_2: radius.id });
    expect((await calls.getOne(world.acme.id, holder)).body.connectorConfig).toEqual({});
  });

  it('keeps the ldap_2fa connector as it was', async () => {
    const ldapAndRadius = (await template(world.ctx, [1, 2])).id;
    const directory = await connector(world, world.acme, 'ldap_2fa');
    const other = await connector(world, world.acme, 'ldap');
    const id = await launched(
      world,
      launchOf(world.acme, ldapAndRadius, [asConnector(directory, 'ldap_2fa')]),
    );
    for (const connectors of [[], [asConnector(other, 'ldap_2fa')], [asConnector(other, 'ldap')]]) {
      const answer = await calls.update(world.acme.id, id, await edited(id, { connectors }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.connectors).toEqual([{ id: directory.id, name: directory.name, type: 'ldap_2fa' }]);
    }
  });

  it('applies the launch rules to the connectors', async () => {
    const id = await launched(world, launchOf(world.acme, radiusAndHttps, []));
    const theirs = await connector(world, world.globex, 'radius');
    const saml2 = await connector(world, world.acme, 'saml2');
    for (const [connectors, status, key] of [
      [[asConnector(theirs, 'radius')], 404, E.connectorNotFound.key],
      [[asConnector(saml2, 'saml2')], 400, E.connectorTypeNotNeeded.key],
    ] as const) {
      const answer = await calls.update(world.acme.id, id, await edited(id, { connectors }));
      expect(answer.status).toBe(status);
      expect(answer.body.messageKey).toBe(key);
    }
    const made = await calls.update(
      world.acme.id,
      id,
      await edited(id, { connectors: [{ id: 'NEW', type: 'https', name: 'Agent key' }] }),
    );
    expect(made.status).toBe(200);
    expect(made.body.connectors).toEqual([{ id: expect.any(String), name: 'Agent key', type: 'https' }]);
  });

  it("answers 404 for another customer's service, 400 when the body names another id", async () => {
    const theirs = world.globex.approvalServiceId;
    const form = { ...(await edited(world.acme.approvalServiceId, {})), id: theirs };
    const before = await writtenFor(world.ctx, world.globex.id);
    expect((await calls.update(world.acme.id, theirs, form)).status).toBe(404);
    expect((await calls.validateUpdate({ ...form, customerId: world.acme.id })).status).toBe(404);
    expect(await writtenFor(world.ctx, world.globex.id)).toEqual(before);
    const mismatch = await calls.update(world.acme.id, world.acme.approvalServiceId, form);
    expect(mismatch.status).toBe(400);
  });
});

describe('start, stop and delete', () => {
  it('starts and stops a service, answering its record', async () => {
    const id = await launched(world, launchOf(world.acme, radiusAndHttps, []));
    const started = await calls.start(world.acme.id, id);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ id, status: 'STARTED' });
    expect((await calls.start(world.acme.id, id)).body.status).toBe('STARTED');
    const stopped = await calls.stop(world.acme.id, id);
    expect(stopped.body).toMatchObject({ id, status: 'STOPPED' });
    const trail = await auditOfEntity(world.ctx, id);
    expect(trail.map((entry) => [entry.action, entry.changes])).toEqual([
      ['CREATE', expect.anything()],
      ['UPDATE', { status: { before: 'STOPPED', after: 'STARTED' } }],
      ['UPDATE', { status: { before: 'STARTED', after: 'STOPPED' } }],
    ]);
  });

  it('deletes a service: its connectors are freed, the HTTPS one forgets it, its lists go', async () => {
    const { radius, https, chosen } = await radiusAndHttpsOf(world, world.acme);
    const id = await launched(world, launchOf(world.acme, radiusAndHttps, chosen));
    const [person] = await usersOf(world.ctx, world.acme.id, ['carol.deleted']);
    await world.ctx.db
      .insert(serviceUsers)
      .values({ serviceInstanceId: id, userId: person!.id, list: 'SEAMLESS' });

    const answer = await calls.remove(world.acme.id, id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id,
      connectorConfig: { connector_2: radius.id, connector_7: https.id },
    });
    expect((await calls.getOne(world.acme.id, id)).status).toBe(404);
    expect(
      await world.ctx.db.select().from(serviceConnectors).where(eq(serviceConnectors.serviceInstanceId, id)),
    ).toEqual([]);
    expect(
      await world.ctx.db.select().from(serviceUsers).where(eq(serviceUsers.serviceInstanceId, id)),
    ).toEqual([]);
    const [freed] = await world.ctx.db.select().from(httpsConnectors).where(eq(httpsConnectors.id, https.id));
    expect(freed!.serviceId).toBeNull();
    expect((await calls.validateCreate(launchOf(world.acme, radiusAndHttps, chosen))).body).toEqual({
      success: true,
      usedConnectors: [],
    });
    expect((await auditOfEntity(world.ctx, id)).map((entry) => entry.action)).toEqual(['CREATE', 'DELETE']);
  });

  it("answers 404 for another customer's service on start, stop and delete, writing nothing", async () => {
    const theirs = world.globex.approvalServiceId;
    const before = await writtenFor(world.ctx, world.globex.id);
    for (const answer of [
      await calls.start(world.acme.id, theirs),
      await calls.stop(world.acme.id, theirs),
      await calls.remove(world.acme.id, theirs),
      await calls.start(world.acme.id, randomUUID()),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.messageKey).toBe(E.notFound.key);
    }
    expect(await writtenFor(world.ctx, world.globex.id)).toEqual(before);
  });
});

describe('the unused services of a token pack', () => {
  it('lists the services disabled in the pack; 404 for a pack of another customer', async () => {
    const [pack] = await world.ctx.db
      .insert(tokenPacks)
      .values({ customerId: world.acme.id, name: 'Unused pack', subscriptionId: world.acme.subscriptionId })
      .returning();
    const used = await launched(world, launchOf(world.acme, radiusAndHttps, [], { tokenPackId: pack!.id }));
    const unused = await launched(world, launchOf(world.acme, radiusAndHttps, [], { tokenPackId: pack!.id }));
    await world.ctx.db
      .update(serviceInstances)
      .set({ enabled: false })
      .where(eq(serviceInstances.id, unused));
    const answer = await calls.unusedList(world.acme.id, pack!.id);
    expect(answer.status).toBe(200);
    expect(
      answer.body.map((record: { id: string; enabled: boolean }) => [record.id, record.enabled]),
    ).toEqual([[unused, false]]);
    expect(answer.body.map((record: { id: string }) => record.id)).not.toContain(used);
    for (const tokenPackId of [world.globex.tokenPackId, randomUUID(), 'x']) {
      const refused = await calls.unusedList(world.acme.id, tokenPackId);
      expect(refused.status).toBe(404);
      expect(refused.body.messageKey).toBe(TOKEN_PACK_ERRORS.notFound.key);
    }
  });
});

describe("the setup wizard of a service's token pack", () => {
  it('moves forward only: NEW, TOUCHED, COMPLETED; the same status changes nothing; back is 409', async () => {
    const [pack] = await world.ctx.db
      .insert(tokenPacks)
      .values({ customerId: world.acme.id, name: 'Wizard pack', subscriptionId: world.acme.subscriptionId })
      .returning();
    const id = await launched(world, launchOf(world.acme, radiusAndHttps, [], { tokenPackId: pack!.id }));
    const statusOf = async () =>
      (await world.ctx.db.select().from(tokenPacks).where(eq(tokenPacks.id, pack!.id)))[0]!.wizardStatus;

    expect((await calls.wizard(world.acme.id, id, 'NEW')).body).toEqual({ id, status: 'NEW' });
    expect(await statusOf()).toBe('NEW');
    expect((await calls.wizard(world.acme.id, id, 'TOUCHED')).body).toEqual({ id, status: 'TOUCHED' });
    expect(await statusOf()).toBe('TOUCHED');
    const back = await calls.wizard(world.acme.id, id, 'NEW');
    expect(back.status).toBe(409);
    expect(back.body.messageKey).toBe(E.wizardBackwards.key);
    expect(await statusOf()).toBe('TOUCHED');
    expect((await calls.wizard(world.acme.id, id, 'COMPLETED')).status).toBe(200);
    expect((await calls.wizard(world.acme.id, id, 'COMPLETED')).status).toBe(200);
    expect((await calls.wizard(world.acme.id, id, 'TOUCHED')).status).toBe(409);
    expect(await statusOf()).toBe('COMPLETED');
    const trail = await auditOfEntity(world.ctx, pack!.id);
    expect(trail.map((entry) => entry.changes)).toEqual([
      { wizardStatus: { before: 'NEW', after: 'TOUCHED' } },
      { wizardStatus: { before: 'TOUCHED', after: 'COMPLETED' } },
    ]);
  });

  it("answers 404 for another customer's service, writing nothing", async () => {
    const before = await writtenFor(world.ctx, world.globex.id);
    const answer = await calls.wizard(world.acme.id, world.globex.approvalServiceId, 'COMPLETED');
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe(E.notFound.key);
    expect(await writtenFor(world.ctx, world.globex.id)).toEqual(before);
  });
});

describe('the installer profile', () => {
  it('needs a started service with an HTTPS connector (409 until then), then never holds the key', async () => {
    const https = await connector(world, world.acme, 'https', 'Agent API');
    const apiKey = https.answer!.body.apiKey as string;
    const bare = await launched(world, launchOf(world.acme, radiusAndHttps, []));
    await calls.start(world.acme.id, bare);
    const id = await launched(
      world,
      launchOf(world.acme, radiusAndHttps, [asConnector(https, 'https')], {
        name: 'Agent service',
      }),
    );
    for (const notReady of [bare, id]) {
      const refused = await calls.download(world.acme.id, notReady);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        messageKey: E.installerNotReady.key,
        message: E.installerNotReady.text,
      });
    }

    await calls.start(world.acme.id, id);
    const answer = await calls.download(world.acme.id, id);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="installer_profile.txt"');
    const lines = Object.fromEntries(
      String(answer.body)
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    expect(lines).toEqual({
      productName: 'Test Portal',
      serverUrl: expect.stringMatching(/^http:\/\/localhost(:\d+)?$/),
      serviceId: id,
      serviceName: 'Agent service',
      customerId: world.acme.id,
      httpsConnectorId: https.id,
      httpsConnectorName: 'Agent API',
      apiKeyHint: `${apiKey.slice(0, 12)}…`,
    });
    expect(String(answer.body)).not.toContain(apiKey);
  });

  it("answers 404 for another customer's service", async () => {
    const answer = await calls.download(world.acme.id, world.globex.approvalServiceId);
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe(E.notFound.key);
  });
});
