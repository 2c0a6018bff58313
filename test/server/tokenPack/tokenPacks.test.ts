import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_THEME_DEFINITION, THEME_ERRORS } from '../../../contract/theme.ts';
import { TOKEN_PACK_ERRORS, WHITE_LIST_ERRORS } from '../../../contract/tokenPack.ts';
import { serviceInstances, themes, tokenPacks, whiteListIps } from '../../../server/db/schema.ts';
import { en } from '../../../src/i18n/en/index.ts';
import { auditOf } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';
import {
  counts,
  featureImage,
  fileExists,
  fileIdOf,
  GIF,
  getImage,
  icon,
  image,
  info,
  type PackWorld,
  type Part,
  PNG,
  packCalls,
  packWorld,
  SVG,
  V2,
} from './fixtures.ts';

/**
 * Token packs (contract/tokenPack.ts token-pack-v2 and token-pack): a customer administrator reads the packs
 * its approved orders made, renames them, gives them an icon and a feature image, a primary directory and
 * the services usable in them; a pack is deleted only without services; its images are public. Another
 * customer's packs answer 404 to every call.
 */

const ctx = sharedTestContext();
let world: PackWorld;
let calls: ReturnType<typeof packCalls>;
let acme: string;
let acmeAdmin: string;
let globex: string;
let globexAdmin: string;
/** A second service of Acme's first pack (the approval made the first). */
let secondService: string;

beforeAll(async () => {
  world = await packWorld(ctx);
  calls = packCalls(ctx);
  ({ id: acme, admin: acmeAdmin } = world.acme);
  ({ id: globex, admin: globexAdmin } = world.globex);
  const [second] = await ctx.db
    .insert(serviceInstances)
    .values({ customerId: acme, tokenPackId: world.acmePack.id, instanceName: 'Acme Mail' })
    .returning();
  secondService = second!.id;
});

const errorOf = (error: { key: string; text: string }) => ({ messageKey: error.key, message: error.text });

/** A new pack of Acme's, by the create call (answers its record). */
async function newPack(fields: Record<string, unknown> = {}, ...images: Part[]) {
  const answer = await calls.create(acmeAdmin, acme, info({ name: 'Field Team', ...fields }), ...images);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const enabledOf = async (id: string) =>
  (await ctx.db.select().from(serviceInstances).where(eq(serviceInstances.id, id)))[0]!.enabled;

describe('the packs an approved order made', () => {
  it('reads a pack with its subscription and its services, all usable', async () => {
    const answer = await calls.getOne(acmeAdmin, acme, world.acmePack.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: world.acmePack.id,
      customerId: acme,
      name: 'Professional Token Pack',
      subscriptionId: world.acmePack.subscriptionId,
      // What the pack reads as beside its name: its subscription's plan and period, not its id.
      subscriptionPlan: {
        tierPlanType: 'NORMAL',
        tierName: expect.stringMatching(/\S/),
        periodName: expect.stringMatching(/\S/),
      },
      wizardStatus: 'NEW',
      iconUrl: null,
      featureImageUrl: null,
      primaryDirectoryId: null,
    });
    // Sorted by name: 'Acme Mail' before 'Professional Token Pack Service'.
    expect(answer.body.services).toEqual([
      { id: secondService, instanceName: 'Acme Mail', status: 'STOPPED', enabled: true },
      {
        id: world.acmePack.serviceId,
        instanceName: 'Professional Token Pack Service',
        status: 'STOPPED',
        enabled: true,
      },
    ]);
    expect(answer.body.serviceIds).toEqual([secondService, world.acmePack.serviceId]);
  });

  it('searches by name ignoring case, and filters by subscription, service, status and id', async () => {
    const names = async (query: string) => {
      const answer = await calls.search(acmeAdmin, acme, query);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.content.map((pack: { name: string }) => pack.name);
    };
    expect(await names('q=PROFESSIONAL')).toEqual(['Professional Token Pack']);
    expect(await names('q=branch')).toEqual(['Branch Office']);
    expect(await names(`subscriptionId=${world.acmeBranch.subscriptionId}`)).toEqual(['Branch Office']);
    expect(await names(`serviceId=${secondService}`)).toEqual(['Professional Token Pack']);
    expect(await names(`serviceId=${world.globexPack.serviceId}`)).toEqual([]);
    expect(await names(`id=${world.acmeBranch.id}`)).toEqual(['Branch Office']);
    expect(await names('wizardStatus=COMPLETED&q=Professional')).toEqual([]);
    const page = await calls.search(acmeAdmin, acme, 'q=o&sort=name&order=DESC&page=0&pageSize=1');
    expect(page.body).toMatchObject({ totalElements: 2, page: 0, pageSize: 1 });
    expect(page.body.content.map((pack: { name: string }) => pack.name)).toEqual(['Professional Token Pack']);
  });

  it('answers the older list shape, a page at a time, filtered by service', async () => {
    const first = await calls.olderList(acmeAdmin, `customerId=${acme}&pageNumber=0&pageSize=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalElements: 2, page: 0, pageSize: 1 });
    expect(first.body.content).toHaveLength(1);
    // The same record as token-pack-v2's.
    const record = (await calls.getOne(acmeAdmin, acme, first.body.content[0].id)).body;
    expect(first.body.content[0]).toEqual(record);
    const second = await calls.olderList(acmeAdmin, `customerId=${acme}&pageNumber=1&pageSize=1`);
    expect(second.body.content[0].id).not.toBe(first.body.content[0].id);
    const byService = await calls.olderList(
      acmeAdmin,
      `customerId=${acme}&serviceId=${world.acmeBranch.serviceId}`,
    );
    expect(byService.body.content.map((pack: { id: string }) => pack.id)).toEqual([world.acmeBranch.id]);
    expect((await calls.olderList(acmeAdmin, `customerId=${globex}`)).status).toBe(404);
  });

  it('finds the packs of a subscription, and 404 for a subscription that is not the customer’s', async () => {
    const found = await calls.bySubscription(acmeAdmin, acme, world.acmeBranch.subscriptionId);
    expect(found.status).toBe(200);
    expect(found.body.map((pack: { id: string }) => pack.id)).toEqual([world.acmeBranch.id]);
    for (const subscriptionId of [world.globexPack.subscriptionId, randomUUID(), 'not-an-id']) {
      expect(await calls.bySubscription(acmeAdmin, acme, subscriptionId)).toMatchObject({
        status: 404,
        body: errorOf(TOKEN_PACK_ERRORS.subscriptionNotFound),
      });
    }
  });

  it('finds the pack of a service, and 404 for a service that is not the customer’s', async () => {
    const found = await calls.byService(acmeAdmin, acme, secondService);
    expect(found).toMatchObject({ status: 200, body: { id: world.acmePack.id } });
    for (const serviceId of [world.globexPack.serviceId, randomUUID(), 'nope']) {
      expect(await calls.byService(acmeAdmin, acme, serviceId)).toMatchObject({
        status: 404,
        body: errorOf(TOKEN_PACK_ERRORS.notFound),
      });
    }
  });

  it('lists the packs at a wizard status', async () => {
    const ids = async (status: string) =>
      (await calls.byWizardStatus(acmeAdmin, acme, status)).body.map((pack: { id: string }) => pack.id);
    expect(await ids('NEW')).toEqual(expect.arrayContaining([world.acmePack.id, world.acmeBranch.id]));
    expect(await ids('NEW')).not.toContain(world.globexPack.id);
    await ctx.db
      .update(tokenPacks)
      .set({ wizardStatus: 'COMPLETED' })
      .where(eq(tokenPacks.id, world.acmeBranch.id));
    try {
      expect(await ids('COMPLETED')).toEqual([world.acmeBranch.id]);
      expect(await ids('NEW')).not.toContain(world.acmeBranch.id);
    } finally {
      await ctx.db
        .update(tokenPacks)
        .set({ wizardStatus: 'NEW' })
        .where(eq(tokenPacks.id, world.acmeBranch.id));
    }
    expect((await calls.byWizardStatus(acmeAdmin, acme, 'DONE')).status).toBe(400);
  });
});

describe('creating a pack', () => {
  it('stores its fields and images, answers its record, and audits file ids, never bytes', async () => {
    const created = await calls.create(
      acmeAdmin,
      acme,
      info({
        name: '  Field Team (EU)  ',
        primaryDirectoryId: world.acmeDirectory,
        subscriptionId: world.acmePack.subscriptionId,
      }),
      icon(),
      featureImage(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const record = created.body;
    const iconId = fileIdOf(record.iconUrl)!;
    const featureId = fileIdOf(record.featureImageUrl)!;
    expect(record).toMatchObject({
      name: 'Field Team (EU)',
      customerId: acme,
      subscriptionId: world.acmePack.subscriptionId,
      primaryDirectoryId: world.acmeDirectory,
      wizardStatus: 'NEW',
      serviceIds: [],
      services: [],
      iconUrl: `${V2}/${record.id}/image/icon?v=${iconId}`,
      featureImageUrl: `${V2}/${record.id}/image/featureImage?v=${featureId}`,
    });
    expect((await calls.getOne(acmeAdmin, acme, record.id)).body).toEqual(record);

    const iconAnswer = await getImage(ctx, record.iconUrl);
    expect(iconAnswer.status).toBe(200);
    expect(iconAnswer.headers['content-type']).toBe('image/png');
    expect(iconAnswer.bytes.equals(PNG)).toBe(true);
    const featureAnswer = await getImage(ctx, record.featureImageUrl);
    expect(featureAnswer.headers['content-type']).toBe('image/gif');
    expect(featureAnswer.bytes.equals(GIF)).toBe(true);

    const [entry] = await auditOf(ctx, record.id);
    expect(entry).toMatchObject({ tableName: 'TokenPack', action: 'CREATE', customerId: acme });
    expect(entry!.changes).toMatchObject({
      name: { before: null, after: 'Field Team (EU)' },
      iconFileId: { before: null, after: iconId },
      featureImageFileId: { before: null, after: featureId },
    });
    expect(JSON.stringify(entry!.changes)).not.toContain(PNG.toString('base64'));
  });

  it.each([
    ['empty', '', TOKEN_PACK_ERRORS.nameRequired],
    ['blank', '   ', TOKEN_PACK_ERRORS.nameRequired],
    ['with an exclamation mark', 'Pack!', TOKEN_PACK_ERRORS.nameInvalid],
    ['with a slash', 'Sales/Support', TOKEN_PACK_ERRORS.nameInvalid],
    ['with markup', '<b>Pack</b>', TOKEN_PACK_ERRORS.nameInvalid],
    ['starting with a hyphen', '-Pack', TOKEN_PACK_ERRORS.nameInvalid],
    ['of 101 characters', 'x'.repeat(101), TOKEN_PACK_ERRORS.nameInvalid],
  ])('refuses a name %s with 400 and writes nothing', async (_, name, error) => {
    const before = await counts(ctx);
    const answer = await calls.create(acmeAdmin, acme, info({ name }), icon());
    expect(answer).toMatchObject({ status: 400, body: errorOf(error) });
    expect(await counts(ctx)).toEqual(before);
  });

  it.each([
    'Professional Token Pack',
    'Enterprise Token Pack',
    'Équipe 2 - Nord',
    'Ops_team.v2 (EU)',
    'x'.repeat(100),
  ])('accepts the name %s', async (name) => {
    expect((await newPack({ name })).name).toBe(name);
  });

  it('refuses another customer’s directory (400) and subscription (404), and services it cannot have', async () => {
    const before = await counts(ctx);
    expect(
      await calls.create(acmeAdmin, acme, info({ name: 'X', primaryDirectoryId: world.globexDirectory })),
    ).toMatchObject({
      status: 400,
      body: errorOf(TOKEN_PACK_ERRORS.directoryNotFound),
    });
    expect(
      await calls.create(
        acmeAdmin,
        acme,
        info({ name: 'X', subscriptionId: world.globexPack.subscriptionId }),
      ),
    ).toMatchObject({ status: 404, body: errorOf(TOKEN_PACK_ERRORS.subscriptionNotFound) });
    // A new pack has no service: even one of the customer's belongs to its own pack.
    expect(
      await calls.create(acmeAdmin, acme, info({ name: 'X', serviceIds: [world.acmePack.serviceId] })),
    ).toMatchObject({ status: 400, body: errorOf(TOKEN_PACK_ERRORS.serviceInstanceOnePack) });
    expect(await counts(ctx)).toEqual(before);
  });

  const tooBig = (signature: Buffer) => {
    const bytes = Buffer.alloc(2_000_001);
    signature.copy(bytes, 0, 0, 8);
    return bytes;
  };
  it.each<[string, Part[], number, string]>([
    ['an icon of 2000001 bytes', [icon(tooBig(PNG))], 413, 'error.upload.tooLarge'],
    ['a feature image of 2000001 bytes', [featureImage(tooBig(GIF))], 413, 'error.upload.tooLarge'],
    [
      'a text file as the icon',
      [['iconFile', new Blob(['hello'], { type: 'text/plain' }), 'a.txt']],
      415,
      'error.upload.unsupportedType',
    ],
    ['text disguised as a PNG', [icon(Buffer.from('not an image'))], 415, 'error.upload.unsupportedType'],
    ['a file in an unknown part', [['logo', image(PNG), 'logo.png']], 400, 'error.upload.unexpectedPart'],
    ['two icons', [icon(), icon()], 400, 'error.upload.duplicatePart'],
  ])('refuses %s and writes nothing', async (_, parts, status, messageKey) => {
    const before = await counts(ctx);
    const answer = await calls.create(acmeAdmin, acme, info({ name: 'Refused' }), ...parts);
    expect(answer).toMatchObject({ status, body: { messageKey } });
    expect(await counts(ctx)).toEqual(before);
  });

  it('accepts an image of exactly 2000000 bytes', async () => {
    const largest = Buffer.alloc(2_000_000);
    PNG.copy(largest, 0, 0, 8);
    const record = await newPack({}, icon(largest));
    expect((await getImage(ctx, record.iconUrl)).bytes.length).toBe(2_000_000);
  });

  it('refuses a body that is not multipart with 415, and a form without its info part with 400', async () => {
    const json = await ctx.call('POST', `${V2}/${acme}`, { token: acmeAdmin, json: { name: 'Plain' } });
    expect(json).toMatchObject({ status: 415, body: { messageKey: 'error.request.unsupportedMediaType' } });
    expect(await calls.create(acmeAdmin, acme, icon())).toMatchObject({
      status: 400,
      body: { messageKey: 'error.upload.missingPart', params: { part: 'info' } },
    });
    expect(await calls.create(acmeAdmin, acme, info({ name: 'X', colour: 'red' }))).toMatchObject({
      status: 400,
      body: { messageKey: 'error.validation.invalid', params: { field: 'colour' } },
    });
  });
});

describe('changing a pack', () => {
  it('renames it, replaces its icon and removes its feature image, deleting the dropped files', async () => {
    const record = await newPack({ name: 'To Change' }, icon(), featureImage());
    const oldIcon = fileIdOf(record.iconUrl)!;
    const oldFeature = fileIdOf(record.featureImageUrl)!;
    const answer = await calls.update(
      acmeAdmin,
      acme,
      record.id,
      info({ ...record, name: 'Changed', removeFeatureImage: true }),
      icon(SVG, 'image/svg+xml'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const newIcon = fileIdOf(answer.body.iconUrl)!;
    expect(answer.body).toMatchObject({ name: 'Changed', featureImageUrl: null });
    expect(newIcon).not.toBe(oldIcon);
    expect(await fileExists(ctx, oldIcon)).toBe(false);
    expect(await fileExists(ctx, oldFeature)).toBe(false);
    expect((await getImage(ctx, record.iconUrl)).status).toBe(200); // the pack's current icon, uncached
    const svg = await getImage(ctx, answer.body.iconUrl);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect((await getImage(ctx, `${V2}/${record.id}/image/featureImage`)).status).toBe(404);
    const last = (await auditOf(ctx, record.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'UPDATE' });
    expect(last.changes).toEqual({
      name: { before: 'To Change', after: 'Changed' },
      iconFileId: { before: oldIcon, after: newIcon },
      featureImageFileId: { before: oldFeature, after: null },
    });
  });

  it('keeps what is left out, and writes no audit entry when nothing changes', async () => {
    const record = await newPack({ name: 'Unchanged', primaryDirectoryId: world.acmeDirectory }, icon());
    const entries = (await auditOf(ctx, record.id)).length;
    const answer = await calls.update(acmeAdmin, acme, record.id, info({}));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(record);
    expect(await auditOf(ctx, record.id)).toHaveLength(entries);
  });

  it('refuses a bad name and another customer’s directory, changing nothing', async () => {
    const before = (await calls.getOne(acmeAdmin, acme, world.acmeBranch.id)).body;
    expect(
      await calls.update(acmeAdmin, acme, world.acmeBranch.id, info({ name: 'Bad*Name' })),
    ).toMatchObject({
      status: 400,
      body: errorOf(TOKEN_PACK_ERRORS.nameInvalid),
    });
    expect(await calls.update(acmeAdmin, acme, world.acmeBranch.id, info({ name: ' ' }))).toMatchObject({
      status: 400,
      body: errorOf(TOKEN_PACK_ERRORS.nameRequired),
    });
    expect(
      await calls.update(
        acmeAdmin,
        acme,
        world.acmeBranch.id,
        info({ primaryDirectoryId: world.globexDirectory }),
      ),
    ).toMatchObject({ status: 400, body: errorOf(TOKEN_PACK_ERRORS.directoryNotFound) });
    expect((await calls.getOne(acmeAdmin, acme, world.acmeBranch.id)).body).toEqual(before);
  });

  describe('its usable services (serviceIds)', () => {
    afterAll(async () => {
      await ctx.db
        .update(serviceInstances)
        .set({ enabled: true })
        .where(eq(serviceInstances.tokenPackId, world.acmePack.id));
    });

    it('enables the services named and disables the others, when saved', async () => {
      expect(await enabledOf(world.acmePack.serviceId)).toBe(true);
      const answer = await calls.update(
        acmeAdmin,
        acme,
        world.acmePack.id,
        info({ serviceIds: [secondService] }),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.serviceIds).toEqual([secondService]);
      expect(answer.body.services).toEqual([
        expect.objectContaining({ id: secondService, enabled: true }),
        expect.objectContaining({ id: world.acmePack.serviceId, enabled: false }),
      ]);
      expect(await enabledOf(world.acmePack.serviceId)).toBe(false);
      expect((await calls.getOne(acmeAdmin, acme, world.acmePack.id)).body.serviceIds).toEqual([
        secondService,
      ]);
      expect((await auditOf(ctx, world.acmePack.id)).at(-1)!.changes).toEqual({
        serviceIds: {
          before: [world.acmePack.serviceId, secondService].sort(),
          after: [secondService],
        },
      });

      const none = await calls.update(acmeAdmin, acme, world.acmePack.id, info({ serviceIds: [] }));
      expect(none.body.serviceIds).toEqual([]);
      expect(await enabledOf(secondService)).toBe(false);

      const both = await calls.update(
        acmeAdmin,
        acme,
        world.acmePack.id,
        info({ serviceIds: [world.acmePack.serviceId, secondService] }),
      );
      expect(both.body.serviceIds).toEqual([secondService, world.acmePack.serviceId]);
      // A change that leaves the services out keeps them as they are.
      const renamed = await calls.update(
        acmeAdmin,
        acme,
        world.acmePack.id,
        info({ name: 'Professional Token Pack' }),
      );
      expect(renamed.body.serviceIds).toEqual([secondService, world.acmePack.serviceId]);
    });

    it.each([
      ['a service of another of its packs', () => world.acmeBranch.serviceId],
      ['a service of another customer', () => world.globexPack.serviceId],
      ['an unknown service', () => randomUUID()],
    ])('refuses %s with 400 and changes nothing', async (_, serviceOf) => {
      const before = await counts(ctx);
      const answer = await calls.update(
        acmeAdmin,
        acme,
        world.acmePack.id,
        info({ name: 'Renamed Meanwhile', serviceIds: [secondService, serviceOf()] }),
      );
      expect(answer).toMatchObject({
        status: 400,
        body: {
          messageKey: 'error.tokenPack.serviceInstanceOnePack',
          message: 'Service instance must belong to one token pack',
        },
      });
      expect(await counts(ctx)).toEqual(before);
      expect(await enabledOf(world.acmePack.serviceId)).toBe(true);
      expect(await enabledOf(world.acmeBranch.serviceId)).toBe(true);
      expect(await enabledOf(world.globexPack.serviceId)).toBe(true);
      expect((await calls.getOne(acmeAdmin, acme, world.acmePack.id)).body.name).toBe(
        'Professional Token Pack',
      );
    });
  });
});

describe('the theme a pack shows', () => {
  /** A theme of the customer's, written straight to the table. */
  const themeOf = async (customerId: string, name: string, status: 'ACTIVE' | 'REJECTED' = 'ACTIVE') => {
    const [row] = await ctx.db
      .insert(themes)
      .values({ customerId, name, definition: DEFAULT_THEME_DEFINITION, status })
      .returning();
    return row!.id;
  };
  const themeError = (name: keyof typeof THEME_ERRORS) => ({
    messageKey: THEME_ERRORS[name].key,
    message: THEME_ERRORS[name].text,
  });

  it('keeps an activation reminder of 1 to 90 days, or none', async () => {
    const record = await newPack({ name: 'Reminded' });
    expect(record).toMatchObject({ activationReminderDays: null });
    const changed = await calls.update(
      acmeAdmin,
      acme,
      record.id,
      info({ ...record, activationReminderDays: 7 }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ activationReminderDays: 7 });
    for (const days of [0, 91, 2.5]) {
      const refused = await calls.update(
        acmeAdmin,
        acme,
        record.id,
        info({ ...record, activationReminderDays: days }),
      );
      expect(refused.status).toBe(400);
    }
    const off = await calls.update(
      acmeAdmin,
      acme,
      record.id,
      info({ ...record, activationReminderDays: null }),
    );
    expect(off.body).toMatchObject({ activationReminderDays: null });
  });

  it('names none until one is given', async () => {
    const answer = await calls.getOne(acmeAdmin, acme, world.acmePack.id);
    expect(answer.body).toMatchObject({ themeId: null, themeName: null });
  });

  it('is given on create and on change, answered with its name, audited, and taken away with null', async () => {
    const spring = await themeOf(acme, 'Spring');
    const autumn = await themeOf(acme, 'Autumn');
    const record = await newPack({ name: 'Themed', themeId: spring.toUpperCase() });
    expect(record).toMatchObject({ themeId: spring, themeName: 'Spring' });
    const changed = await calls.update(acmeAdmin, acme, record.id, info({ ...record, themeId: autumn }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ themeId: autumn, themeName: 'Autumn' });
    expect((await calls.search(acmeAdmin, acme, 'q=Themed')).body.content[0]).toMatchObject({
      themeId: autumn,
      themeName: 'Autumn',
    });
    const cleared = await calls.update(acmeAdmin, acme, record.id, info({ themeId: null }));
    expect(cleared.body).toMatchObject({ themeId: null, themeName: null });
    const entries = await auditOf(ctx, record.id);
    expect(entries[0]!.changes).toMatchObject({ themeId: { before: null, after: spring } });
    expect(entries.slice(1).map((entry) => entry.changes)).toEqual([
      { themeId: { before: spring, after: autumn } },
      { themeId: { before: autumn, after: null } },
    ]);
  });

  it("refuses another customer's theme like an unknown one (404), writing nothing", async () => {
    const theirs = await themeOf(globex, 'Globex look');
    const before = await counts(ctx);
    for (const themeId of [theirs, randomUUID()]) {
      expect(await calls.create(acmeAdmin, acme, info({ name: 'Borrowed', themeId }))).toMatchObject({
        status: 404,
        body: themeError('THEME_NOT_FOUND'),
      });
      expect(await calls.update(acmeAdmin, acme, world.acmeBranch.id, info({ themeId }))).toMatchObject({
        status: 404,
        body: themeError('THEME_NOT_FOUND'),
      });
    }
    expect(await counts(ctx)).toEqual(before);
  });

  it('refuses a rejected theme (409), and keeps the one a pack shows when it is rejected since', async () => {
    const rejected = await themeOf(acme, 'Rejected look', 'REJECTED');
    expect(await calls.create(acmeAdmin, acme, info({ name: 'Refused', themeId: rejected }))).toMatchObject({
      status: 409,
      body: themeError('THEME_REJECTED'),
    });
    const shown = await themeOf(acme, 'Shown look');
    const record = await newPack({ name: 'Keeps Theme', themeId: shown });
    await ctx.db.update(themes).set({ status: 'REJECTED', rejectReason: 'No' }).where(eq(themes.id, shown));
    const renamed = await calls.update(acmeAdmin, acme, record.id, info({ ...record, name: 'Kept Theme' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Kept Theme', themeId: shown });
  });
});

describe('deleting a pack', () => {
  it('refuses a pack that has services with 409', async () => {
    expect(await calls.remove(acmeAdmin, acme, world.acmeBranch.id)).toMatchObject({
      status: 409,
      body: errorOf(TOKEN_PACK_ERRORS.hasServices),
    });
    expect((await calls.getOne(acmeAdmin, acme, world.acmeBranch.id)).status).toBe(200);
  });

  it('deletes a pack without services, with its images and trusted networks', async () => {
    const record = await newPack({ name: 'Short Lived' }, icon(), featureImage());
    const network = await calls.networks.create(acmeAdmin, acme, record.id, { ip: '198.51.100.0/24' });
    expect(network.status).toBe(201);
    const answer = await calls.remove(acmeAdmin, acme, record.id);
    expect(answer).toMatchObject({ status: 200, body: { id: record.id, name: 'Short Lived' } });
    expect((await calls.getOne(acmeAdmin, acme, record.id)).status).toBe(404);
    expect(await fileExists(ctx, fileIdOf(record.iconUrl)!)).toBe(false);
    expect(await fileExists(ctx, fileIdOf(record.featureImageUrl)!)).toBe(false);
    expect(await ctx.db.select().from(whiteListIps).where(eq(whiteListIps.tokenPackId, record.id))).toEqual(
      [],
    );
    expect((await getImage(ctx, record.iconUrl)).status).toBe(404);
    expect((await auditOf(ctx, record.id)).at(-1)).toMatchObject({
      action: 'DELETE',
      tableName: 'TokenPack',
    });
    expect((await calls.remove(acmeAdmin, acme, record.id)).status).toBe(404);
  });
});

describe('the images', () => {
  it('are served to anyone, cached for long only under the URL of the current file', async () => {
    const record = await newPack({ name: 'Pictured' }, icon());
    const versioned = await getImage(ctx, record.iconUrl);
    expect(versioned.status).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['x-content-type-options']).toBe('nosniff');
    // Every answer carries the portal's policy; the SVG one is for SVG only.
    expect(versioned.headers['content-security-policy']).not.toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const plain = await getImage(ctx, `${V2}/${record.id}/image/icon`);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    const stale = await getImage(ctx, `${V2}/${record.id}/image/icon?v=${randomUUID()}`);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
  });

  it('answer 404 for a missing image or pack, and 400 for an unknown kind', async () => {
    const record = await newPack({ name: 'Plain Pack' });
    expect(await ctx.call('GET', `${V2}/${record.id}/image/icon`)).toMatchObject({
      status: 404,
      body: errorOf(TOKEN_PACK_ERRORS.imageNotFound),
    });
    expect((await ctx.call('GET', `${V2}/${randomUUID()}/image/icon`)).status).toBe(404);
    expect((await ctx.call('GET', `${V2}/not-an-id/image/icon`)).status).toBe(404);
    expect((await ctx.call('GET', `${V2}/${record.id}/image/banner`)).status).toBe(400);
  });
});

describe("another customer's packs", () => {
  it('answer 404 to every call naming them, and change nothing', async () => {
    const theirs = world.globexPack;
    const before = await counts(ctx);
    const record = (await calls.getOne(globexAdmin, globex, theirs.id)).body;
    const answers = [
      await calls.getOne(acmeAdmin, acme, theirs.id),
      await calls.update(acmeAdmin, acme, theirs.id, info({ name: 'Taken Over' }), icon()),
      await calls.remove(acmeAdmin, acme, theirs.id),
      await calls.byService(acmeAdmin, acme, theirs.serviceId),
      await calls.bySubscription(acmeAdmin, acme, theirs.subscriptionId),
      await calls.networks.search(acmeAdmin, acme, theirs.id),
      await calls.networks.create(acmeAdmin, acme, theirs.id, { ip: '192.0.2.1' }),
    ];
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect((await calls.search(acmeAdmin, acme, `id=${theirs.id}`)).body.totalElements).toBe(0);
    expect(
      (await calls.olderList(acmeAdmin, `customerId=${acme}&serviceId=${theirs.serviceId}`)).body.content,
    ).toEqual([]);
    expect(await counts(ctx)).toEqual(before);
    expect((await calls.getOne(globexAdmin, globex, theirs.id)).body).toEqual(record);
    const [pack] = await ctx.db
      .select()
      .from(tokenPacks)
      .where(and(eq(tokenPacks.id, theirs.id), eq(tokenPacks.customerId, globex)));
    expect(pack!.name).toBe('Professional Token Pack');
  });
});

describe("the catalogue's texts", () => {
  const lookUp = (key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  it.each(
    [...Object.values(TOKEN_PACK_ERRORS), ...Object.values(WHITE_LIST_ERRORS)].map((e) => [e.key, e.text]),
  )('%s is the text the server sends', (key, text) => {
    expect(lookUp(key)).toBe(text);
  });
});
