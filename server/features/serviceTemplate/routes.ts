import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import {
  NewTemplate,
  serviceTemplate,
  serviceTemplateFiles,
  TEMPLATE_LISTING,
  TemplateChanges,
  type TemplateRecord,
  templateIconUrl,
} from '../../../contract/serviceTemplate.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny, inList } from '../../db/listing.ts';
import { files, serviceTemplates } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { type CrudOptions, crud, type MultipartValues } from '../../kit/legacyCrud.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';
import { enableMultipart, multipartForm, type UploadedFile } from '../../kit/multipart.ts';

/**
 * Service templates (contract/serviceTemplate.ts): operators search, create and edit them (multipart),
 * publish and unpublish them; every signed-in account reads the published ones; anyone reads their icons.
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

type TemplateRow = typeof serviceTemplates.$inferSelect;
type TemplateForm = MultipartValues<NewTemplate & TemplateChanges>;

const toRecord = (row: TemplateRow): TemplateRecord => ({
  id: row.id,
  uname: row.uname,
  templateName: row.templateName,
  shortDescription: row.shortDescription,
  description: row.description,
  status: row.status,
  protocol: row.protocol,
  connectorIds: row.connectorIds,
  iconUrl: row.iconFileId === null ? null : templateIconUrl(row.id, row.iconFileId),
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
  defaultSort: TEMPLATE_LISTING.defaultSort,
  unique: serviceTemplates.id,
});

/** Icons are public and change URL when they change: a day of caching is safe. */
const ICON_CACHE = 'public, max-age=86400';
/** An SVG opened on its own must not run scripts or load anything. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

async function storeIcon(tx: Database, file: UploadedFile): Promise<string> {
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

/** A second template with the same uname (even from a concurrent call) is a 409. */
const translate = (error: unknown) =>
  sqlStateOf(error) === UNIQUE_VIOLATION
    ? conflict(TEMPLATE_ERRORS.unameExisted.key, TEMPLATE_ERRORS.unameExisted.text)
    : error;

export const serviceTemplateRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const common: CrudOptions<TemplateRow, TemplateRecord, TemplateForm> = {
    db,
    contract: serviceTemplate,
    table: serviceTemplates,
    id: serviceTemplates.id,
    select: (database) => database.select().from(serviceTemplates).$dynamic(),
    listing: templateList,
    record: serviceTemplate.getOne.schema.response[200],
    toRecords: (_, found) => found.map(toRecord),
    notFound: templateNotFound,
    audit: { table: 'ServiceTemplate', fields: audited, customerOf: () => null },
    translate,
    modifiedAt: serviceTemplates.modifiedDate,
    status: serviceTemplates.status,
  };
  const rows = crud(app, {
    ...common,
    listingNames: TEMPLATE_LISTING,
    only: ['list', 'getOne', 'getMany'],
  });

  for (const [action, status] of [
    ['publish', 'PUBLISHED'],
    ['unpublish', 'UNPUBLISHED'],
  ] as const) {
    app.route({
      ...routeOf(serviceTemplate.base, serviceTemplate.actions[action], `service-template.${action}`),
      handler: async (request) =>
        rows.setStatus(request, request.body.id, {
          status,
          action: action === 'publish' ? 'PUBLISH' : 'UNPUBLISH',
        }),
    });
  }

  app.route({
    ...routeOf(serviceTemplate.base, serviceTemplate.actions.gallery, 'service-template.gallery'),
    handler: async () => {
      const found = await db
        .select()
        .from(serviceTemplates)
        .where(eq(serviceTemplates.status, 'PUBLISHED'))
        .orderBy(asc(serviceTemplates.templateName), asc(serviceTemplates.id));
      return found.map(toRecord);
    },
  });

  app.route({
    ...routeOf('', serviceTemplateFiles.calls.icon, 'service-template.icon'),
    handler: async (request, reply) => {
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
  });

  // Create and update read multipart bodies: the parser is enabled for these two routes only.
  await app.register(async (scope) => {
    await enableMultipart(scope);
    crud<TemplateRow, TemplateRecord, TemplateForm>(scope, {
      ...common,
      only: ['create', 'update'],
      create: {
        multipart: multipartForm({ schema: NewTemplate }),
        values: async ({ tx }, { data, file }) => ({
          uname: data.uname,
          templateName: data.templateName.trim(),
          shortDescription: data.shortDescription ?? '',
          description: data.description ?? '',
          protocol: data.protocol,
          connectorIds: data.connectorIds ?? [],
          iconFileId: file ? await storeIcon(tx, file) : null,
          status: 'UNPUBLISHED',
        }),
      },
      update: {
        multipart: multipartForm({ schema: TemplateChanges }),
        values: async ({ tx }, before, { data, file }) => ({
          uname: data.uname ?? before.uname,
          templateName: data.templateName?.trim() ?? before.templateName,
          shortDescription: data.shortDescription ?? before.shortDescription,
          description: data.description ?? before.description,
          protocol: data.protocol ?? before.protocol,
          connectorIds: data.connectorIds ?? before.connectorIds,
          iconFileId: file ? await storeIcon(tx, file) : data.removeIcon ? null : before.iconFileId,
        }),
        // The replaced or removed icon goes with the change that dropped it.
        after: async ({ tx }, before, after) => {
          if (before.iconFileId !== null && before.iconFileId !== after.iconFileId) {
            await tx.delete(files).where(eq(files.id, before.iconFileId));
          }
        },
      },
    });
  });
};
