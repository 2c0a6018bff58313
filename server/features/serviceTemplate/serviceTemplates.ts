import { asc, eq } from 'drizzle-orm';
import {
  type NewTemplate,
  TEMPLATE_ERRORS,
  TEMPLATE_LISTING,
  type TemplateChanges,
  type TemplateRecord,
  templateIconUrl,
} from '../../../contract/serviceTemplate.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny, inList } from '../../db/listing.ts';
import { files, serviceTemplates } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { fail } from '../../errors.ts';
import type { Scope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';

/**
 * Service templates (contract/serviceTemplate.ts): their rows, the values a form writes (its icon stored as
 * a file of the provider), the gallery of published templates and the icons themselves.
 */

const UNIQUE_VIOLATION = '23505';

export type TemplateRow = typeof serviceTemplates.$inferSelect;

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

const templateListing = defineListing({
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

/** The provider's service templates. A second template with the same uname (even concurrent) is a 409. */
export const templateRows = defineRows<TemplateRow, TemplateRecord>({
  table: serviceTemplates,
  id: serviceTemplates.id,
  select: (db) => db.select().from(serviceTemplates).$dynamic(),
  listing: templateListing,
  toRecords: (_, found) => found.map(toRecord),
  notFound: () => fail(TEMPLATE_ERRORS.notFound),
  audit: { table: 'ServiceTemplate', fields: audited, customerOf: () => null },
  translate: (error) => (sqlStateOf(error) === UNIQUE_VIOLATION ? fail(TEMPLATE_ERRORS.unameExisted) : error),
  modifiedAt: serviceTemplates.modifiedDate,
  status: serviceTemplates.status,
});

/** An uploaded icon, as the multipart body gave it (an image of a checked type). */
interface IconFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** A template's form as read from its multipart body: the `json` part and the optional icon. */
export interface TemplateForm<Data> {
  data: Data;
  file?: IconFile;
}

/** Stores an icon as a file of the provider; answers its id. */
async function storeIcon(tx: Database, file: IconFile): Promise<string> {
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

/** The row of a new template (UNPUBLISHED), its icon stored. */
export async function newTemplateValues({ tx }: Scope, { data, file }: TemplateForm<NewTemplate>) {
  return {
    uname: data.uname,
    templateName: data.templateName.trim(),
    shortDescription: data.shortDescription ?? '',
    description: data.description ?? '',
    protocol: data.protocol,
    connectorIds: data.connectorIds ?? [],
    iconFileId: file ? await storeIcon(tx, file) : null,
    status: 'UNPUBLISHED',
  };
}

/** The changed columns of a template: a field left out keeps its value; a new icon is stored. */
export async function templateChanges(
  { tx }: Scope,
  before: TemplateRow,
  { data, file }: TemplateForm<TemplateChanges>,
) {
  return {
    uname: data.uname ?? before.uname,
    templateName: data.templateName?.trim() ?? before.templateName,
    shortDescription: data.shortDescription ?? before.shortDescription,
    description: data.description ?? before.description,
    protocol: data.protocol ?? before.protocol,
    connectorIds: data.connectorIds ?? before.connectorIds,
    iconFileId: file ? await storeIcon(tx, file) : data.removeIcon ? null : before.iconFileId,
  };
}

/** The replaced or removed icon goes with the change that dropped it. */
export async function dropReplacedIcon({ tx }: Scope, before: TemplateRow, after: TemplateRow) {
  if (before.iconFileId !== null && before.iconFileId !== after.iconFileId) {
    await tx.delete(files).where(eq(files.id, before.iconFileId));
  }
}

/** The published templates (the service gallery), by name. */
export async function publishedTemplates({ tx }: Scope): Promise<TemplateRecord[]> {
  const found = await tx
    .select()
    .from(serviceTemplates)
    .where(eq(serviceTemplates.status, 'PUBLISHED'))
    .orderBy(asc(serviceTemplates.templateName), asc(serviceTemplates.id));
  return found.map(toRecord);
}

/** A template's icon, or TEMPLATE_ERRORS.iconNotFound. */
export async function templateIcon(tx: Database, id: string): Promise<{ mimeType: string; bytes: Buffer }> {
  const [icon] = await tx
    .select({ mimeType: files.mimeType, bytes: files.bytes })
    .from(serviceTemplates)
    .innerJoin(files, eq(files.id, serviceTemplates.iconFileId))
    .where(eq(serviceTemplates.id, id));
  if (!icon) throw fail(TEMPLATE_ERRORS.iconNotFound);
  return icon;
}
