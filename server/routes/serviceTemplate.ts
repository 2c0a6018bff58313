import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { asc, eq, inArray } from 'drizzle-orm';
import { callerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { CONNECTOR_TYPE_IDS, files, serviceTemplates, TEMPLATE_PROTOCOLS } from '../db/schema.ts';
import { type Modifier, recordAudit } from '../domain/audit.ts';
import { conflict, notFound } from '../errors.ts';
import { answerCreated, CreatedAnswer, IdBody } from '../http/actions.ts';
import { MAX_IDS, sqlStateOf } from '../http/deleteMany.ts';
import { defineListing, eq as equals, findRows, ilikeAny, inList } from '../http/listing.ts';
import { enableMultipart, multipartForm, readMultipart, type UploadedFile } from '../http/multipart.ts';
import { answerSearch, postSearchBody, readPostSearch, searchAnswer } from '../http/postSearch.ts';
import { notAllowed, Uuid } from '../http/validation.ts';

/**
 * Service templates (spec 01 §3, §4; spec 02 §3, §7 "Templates"): the provider's catalogue of services
 * that customers launch. Operators search, create and edit them (multipart: a `json` part and an optional
 * `iconFile` image), publish and unpublish them; every signed-in account reads the published ones (the
 * gallery), and anyone reads their icons (an <img> carries no token; icons are not secret).
 */

export const TEMPLATE_ERRORS = {
  notFound: { key: 'error.template.notFound', text: 'Service template not found' },
  unameExisted: {
    key: 'error.template.unameExisted',
    text: 'A service template with this URL name already exists.',
  },
  iconNotFound: { key: 'error.template.iconNotFound', text: 'This service template has no icon.' },
} as const;

const templateNotFound = () => notFound(TEMPLATE_ERRORS.notFound.key, TEMPLATE_ERRORS.notFound.text);

const UNIQUE_VIOLATION = '23505';

/** The URL name: lower-case letters and digits, words joined by single hyphens (what the slug helper makes). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const TEMPLATE_LIMITS = {
  uname: 100,
  templateName: 200,
  shortDescription: 300,
  description: 5000,
} as const;

const STATUSES = ['PUBLISHED', 'UNPUBLISHED'] as const;

const writableFields = {
  uname: Type.Refine(
    Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.uname }),
    (value) => SLUG.test(value),
    () => "must be lower-case letters and digits, words joined by single hyphens (as in 'vpn-radius-2')",
  ),
  templateName: Type.Refine(
    Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.templateName }),
    (value) => value.trim() !== '',
    () => 'must not be empty',
  ),
  shortDescription: Type.String({ maxLength: TEMPLATE_LIMITS.shortDescription }),
  description: Type.String({ maxLength: TEMPLATE_LIMITS.description }),
  protocol: Type.Enum([...TEMPLATE_PROTOCOLS]),
  connectorIds: Type.Array(Type.Enum([...CONNECTOR_TYPE_IDS]), {
    uniqueItems: true,
    maxItems: CONNECTOR_TYPE_IDS.length,
  }),
};

const unknownField = notAllowed('is not a known field');

/** The `json` part of a create: descriptions default to '' and connectors to none. */
const NewTemplate = Type.Object(
  {
    uname: writableFields.uname,
    templateName: writableFields.templateName,
    shortDescription: Type.Optional(writableFields.shortDescription),
    description: Type.Optional(writableFields.description),
    protocol: writableFields.protocol,
    connectorIds: Type.Optional(writableFields.connectorIds),
  },
  { additionalProperties: unknownField },
);

/** Read-only fields of the record: an edit form sends the whole record back, and they are ignored. */
const ignoredOnUpdate = (description: string) => ({ description: `${description}; read-only, ignored` });
const EchoedFields = {
  id: Type.Optional(Type.String(ignoredOnUpdate('the id is the one in the path'))),
  status: Type.Optional(Type.String(ignoredOnUpdate('changed by publish and unpublish'))),
  iconUrl: Type.Optional(Type.Union([Type.String(), Type.Null()], ignoredOnUpdate('the icon URL'))),
  createdDate: Type.Optional(Type.String(ignoredOnUpdate('set by the server'))),
  modifiedDate: Type.Optional(Type.String(ignoredOnUpdate('set by the server'))),
};

/**
 * The `json` part of an update: a field left out keeps its value; `removeIcon: true` removes the icon
 * (an `iconFile` part, when sent, replaces it instead).
 */
const TemplateChanges = Type.Object(
  {
    uname: Type.Optional(writableFields.uname),
    templateName: Type.Optional(writableFields.templateName),
    shortDescription: Type.Optional(writableFields.shortDescription),
    description: Type.Optional(writableFields.description),
    protocol: Type.Optional(writableFields.protocol),
    connectorIds: Type.Optional(writableFields.connectorIds),
    removeIcon: Type.Optional(Type.Boolean()),
    ...EchoedFields,
  },
  { additionalProperties: unknownField },
);

const CreateForm = multipartForm({ schema: NewTemplate });
const UpdateForm = multipartForm({ schema: TemplateChanges });

export const TemplateRecord = Type.Object({
  id: Type.String(),
  uname: Type.String(),
  templateName: Type.String(),
  shortDescription: Type.String(),
  description: Type.String(),
  status: Type.Enum([...STATUSES]),
  protocol: Type.Enum([...TEMPLATE_PROTOCOLS]),
  connectorIds: Type.Array(Type.Integer()),
  iconUrl: Type.Union([Type.String(), Type.Null()]),
  createdDate: Type.String(),
  modifiedDate: Type.String(),
});

type TemplateRow = typeof serviceTemplates.$inferSelect;

/** Where the portal finds the icon; `v` changes with every new icon, so a cached one is never stale. */
export const iconUrlOf = (row: Pick<TemplateRow, 'id' | 'iconFileId'>): string | null =>
  row.iconFileId === null ? null : `/api/service-mgmt/template/${row.id}/icon?v=${row.iconFileId}`;

const toRecord = (row: TemplateRow): Static<typeof TemplateRecord> => ({
  id: row.id,
  uname: row.uname,
  templateName: row.templateName,
  shortDescription: row.shortDescription,
  description: row.description,
  status: row.status,
  protocol: row.protocol,
  connectorIds: row.connectorIds,
  iconUrl: iconUrlOf(row),
  createdDate: row.createdDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/** What the audit log compares: the editable fields, the icon as its file id, and the status. */
const audited = (row: TemplateRow) => ({
  uname: row.uname,
  templateName: row.templateName,
  shortDescription: row.shortDescription,
  description: row.description,
  protocol: row.protocol,
  connectorIds: row.connectorIds,
  iconFileId: row.iconFileId,
  status: row.status,
});

const templateList = defineListing({
  filters: {
    q: ilikeAny([serviceTemplates.templateName, serviceTemplates.uname, serviceTemplates.shortDescription]),
    status: equals(serviceTemplates.status),
    protocol: equals(serviceTemplates.protocol),
    id: inList(serviceTemplates.id),
  },
  sort: {
    id: serviceTemplates.id,
    templateName: serviceTemplates.templateName,
    uname: serviceTemplates.uname,
    protocol: serviceTemplates.protocol,
    status: serviceTemplates.status,
    createdDate: serviceTemplates.createdDate,
    modifiedDate: serviceTemplates.modifiedDate,
  },
  defaultSort: { field: 'createdDate', order: 'DESC' },
  unique: serviceTemplates.id,
});

const IdParams = Type.Object({ id: Uuid }, { additionalProperties: notAllowed('is not a known parameter') });

const DetailsBody = Type.Object(
  { ids: Type.Array(Uuid, { maxItems: MAX_IDS }) },
  { additionalProperties: unknownField },
);

/** `v` only busts caches: the current icon is answered whatever it says. */
const IconQuery = Type.Object(
  { v: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: notAllowed('is not a known parameter') },
);

const StatusAnswer = Type.Object({ id: Type.String(), status: Type.Enum([...STATUSES]) });

/** Icons are public and change URL when they change: a day of caching is safe. */
const ICON_CACHE = 'public, max-age=86400';
/** An SVG opened on its own must not run scripts or load anything. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function storeIcon(tx: Tx, file: UploadedFile): Promise<string> {
  const [stored] = await tx
    .insert(files)
    .values({
      customerId: null,
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: file.bytes.length,
      bytes: file.bytes,
    })
    .returning({ id: files.id });
  return stored!.id;
}

/** Runs a write; a second template with the same uname (even from a concurrent call) is a 409. */
async function withUniqueUname<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) {
      throw conflict(TEMPLATE_ERRORS.unameExisted.key, TEMPLATE_ERRORS.unameExisted.text);
    }
    throw error;
  }
}

const modifierOf = (request: Parameters<typeof callerOf>[0]): Modifier => {
  const { account } = callerOf(request);
  return { id: account.id, email: account.email };
};

export const serviceTemplateRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const base = '/service-mgmt/template';
  const access = (action: 'view' | 'create' | 'modify' | 'configure') =>
    ({ access: { scope: 'provider', permission: `service_template:${action}` } }) as const;

  const setStatus = async (by: Modifier, id: string, status: TemplateRow['status']) =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(serviceTemplates)
        .where(eq(serviceTemplates.id, id))
        .for('update');
      if (!before) throw templateNotFound();
      if (before.status === status) return { id, status };
      const [after] = await tx
        .update(serviceTemplates)
        .set({ status, modifiedDate: new Date() })
        .where(eq(serviceTemplates.id, id))
        .returning();
      await recordAudit(tx, by, {
        table: 'ServiceTemplate',
        action: status === 'PUBLISHED' ? 'PUBLISH' : 'UNPUBLISH',
        entityId: id,
        customerId: null,
        before: audited(before),
        after: audited(after!),
      });
      return { id, status };
    });

  app.post(
    `${base}/search`,
    {
      config: access('view'),
      schema: { body: postSearchBody(templateList), response: { 200: searchAnswer(TemplateRecord) } },
    },
    async (request) =>
      answerSearch(
        await findRows(
          db,
          db.select().from(serviceTemplates).$dynamic(),
          templateList,
          readPostSearch(request.body),
        ),
        toRecord,
      ),
  );

  app.post(
    `${base}/detail`,
    { config: access('view'), schema: { body: IdBody, response: { 200: TemplateRecord } } },
    async (request) => {
      const [row] = await db.select().from(serviceTemplates).where(eq(serviceTemplates.id, request.body.id));
      if (!row) throw templateNotFound();
      return toRecord(row);
    },
  );

  app.post(
    `${base}/details`,
    {
      config: access('view'),
      schema: { body: DetailsBody, response: { 200: Type.Array(TemplateRecord) } },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids.map((id) => id.toLowerCase()))];
      if (ids.length === 0) return [];
      const rows = await db.select().from(serviceTemplates).where(inArray(serviceTemplates.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the order asked; ids that are not templates are left out.
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toRecord(row)] : [];
      });
    },
  );

  app.post(
    `${base}/publish`,
    { config: access('configure'), schema: { body: IdBody, response: { 200: StatusAnswer } } },
    async (request) => setStatus(modifierOf(request), request.body.id, 'PUBLISHED'),
  );

  app.post(
    `${base}/unpublish`,
    { config: access('configure'), schema: { body: IdBody, response: { 200: StatusAnswer } } },
    async (request) => setStatus(modifierOf(request), request.body.id, 'UNPUBLISHED'),
  );

  // The customers' gallery: published templates only, for any signed-in account.
  app.get(
    base,
    { config: { access: { scope: 'any' } }, schema: { response: { 200: Type.Array(TemplateRecord) } } },
    async () => {
      const rows = await db
        .select()
        .from(serviceTemplates)
        .where(eq(serviceTemplates.status, 'PUBLISHED'))
        .orderBy(asc(serviceTemplates.templateName), asc(serviceTemplates.id));
      return rows.map(toRecord);
    },
  );

  app.get(
    `${base}/:id/icon`,
    { config: { access: { public: true } }, schema: { params: IdParams, querystring: IconQuery } },
    async (request, reply) => {
      const [icon] = await db
        .select({ mimeType: files.mimeType, bytes: files.bytes })
        .from(serviceTemplates)
        .innerJoin(files, eq(files.id, serviceTemplates.iconFileId))
        .where(eq(serviceTemplates.id, request.params.id));
      if (!icon) throw notFound(TEMPLATE_ERRORS.iconNotFound.key, TEMPLATE_ERRORS.iconNotFound.text);
      reply
        .type(icon.mimeType)
        .header('cache-control', ICON_CACHE)
        .header('x-content-type-options', 'nosniff');
      if (icon.mimeType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
      return reply.send(icon.bytes);
    },
  );

  // Create and update read multipart bodies: the parser is enabled for these two routes only.
  const multipartRoutes: FastifyPluginAsyncTypebox = async (scope) => {
    await enableMultipart(scope);

    scope.post(
      `${base}/create`,
      { config: access('create'), schema: { response: { 201: CreatedAnswer } } },
      async (request, reply) => {
        const by = modifierOf(request);
        const { data, file } = await readMultipart(request, CreateForm);
        const created = await withUniqueUname(() =>
          db.transaction(async (tx) => {
            const iconFileId = file ? await storeIcon(tx, file) : null;
            const [row] = await tx
              .insert(serviceTemplates)
              .values({
                uname: data.uname,
                templateName: data.templateName.trim(),
                shortDescription: data.shortDescription ?? '',
                description: data.description ?? '',
                protocol: data.protocol,
                connectorIds: data.connectorIds ?? [],
                iconFileId,
                status: 'UNPUBLISHED',
              })
              .returning();
            await recordAudit(tx, by, {
              table: 'ServiceTemplate',
              action: 'CREATE',
              entityId: row!.id,
              customerId: null,
              after: audited(row!),
            });
            return row!;
          }),
        );
        return answerCreated(reply, created.id);
      },
    );

    scope.post(
      `${base}/:id/update`,
      { config: access('modify'), schema: { params: IdParams, response: { 200: TemplateRecord } } },
      async (request) => {
        const by = modifierOf(request);
        const { id } = request.params;
        const { data, file } = await readMultipart(request, UpdateForm);
        const updated = await withUniqueUname(() =>
          db.transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(serviceTemplates)
              .where(eq(serviceTemplates.id, id))
              .for('update');
            if (!before) throw templateNotFound();
            const next = {
              uname: data.uname ?? before.uname,
              templateName: data.templateName?.trim() ?? before.templateName,
              shortDescription: data.shortDescription ?? before.shortDescription,
              description: data.description ?? before.description,
              protocol: data.protocol ?? before.protocol,
              connectorIds: data.connectorIds ?? before.connectorIds,
              iconFileId: file ? await storeIcon(tx, file) : data.removeIcon ? null : before.iconFileId,
            };
            const changed = Object.entries(next).some(
              ([field, value]) =>
                JSON.stringify(value) !== JSON.stringify(before[field as keyof typeof next]),
            );
            if (!changed) return before;
            const [after] = await tx
              .update(serviceTemplates)
              .set({ ...next, modifiedDate: new Date() })
              .where(eq(serviceTemplates.id, id))
              .returning();
            // The replaced or removed icon goes with the change that dropped it.
            if (before.iconFileId !== null && before.iconFileId !== after!.iconFileId) {
              await tx.delete(files).where(eq(files.id, before.iconFileId));
            }
            await recordAudit(tx, by, {
              table: 'ServiceTemplate',
              action: 'UPDATE',
              entityId: id,
              customerId: null,
              before: audited(before),
              after: audited(after!),
            });
            return after!;
          }),
        );
        return toRecord(updated);
      },
    );
  };
  await app.register(multipartRoutes);
};
