import {
  NewTemplate,
  serviceTemplate,
  serviceTemplateFiles,
  TEMPLATE_LISTING,
  TemplateChanges,
} from '../../../contract/serviceTemplate.ts';
import type { Kit } from '../../kit/kit.ts';
import { multipartForm } from '../../kit/multipart.ts';
import {
  dropReplacedIcon,
  newTemplateValues,
  publishedTemplates,
  type TemplateForm,
  type TemplateRow,
  templateChanges,
  templateIcon,
  templateRows,
} from './serviceTemplates.ts';

/**
 * Service templates (contract/serviceTemplate.ts): operators search, create and edit them (multipart),
 * publish and unpublish them; every signed-in account reads the published ones; anyone reads their icons.
 */

/** Icons are public and change URL when they change: a day of caching is safe. */
const ICON_CACHE = 'public, max-age=86400';
/** An SVG opened on its own must not run scripts or load anything. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export function serviceTemplateRoutes(kit: Kit): void {
  kit.crud(serviceTemplate, templateRows, {
    record: serviceTemplate.getOne.schema.response[200],
    listingNames: TEMPLATE_LISTING,
    only: ['list', 'getOne', 'getMany'],
  });

  for (const [action, status] of [
    ['publish', 'PUBLISHED'],
    ['unpublish', 'UNPUBLISHED'],
  ] as const) {
    kit.route(serviceTemplate, action, (call) =>
      templateRows.setStatus(call, call.body.id, {
        status,
        action: action === 'publish' ? 'PUBLISH' : 'UNPUBLISH',
      }),
    );
  }

  kit.route(serviceTemplate, 'gallery', (call) => publishedTemplates(call));

  kit.route(serviceTemplateFiles, 'icon', async (call) => {
    const icon = await templateIcon(call.tx, call.params.id);
    call.reply
      .type(icon.mimeType)
      .header('cache-control', ICON_CACHE)
      .header('x-content-type-options', 'nosniff');
    if (icon.mimeType === 'image/svg+xml') call.reply.header('content-security-policy', SVG_POLICY);
    return call.reply.send(icon.bytes);
  });

  // Create and update read multipart bodies: the parser is enabled for these two calls only.
  kit.multipart({}, (uploads) => {
    uploads.crud<TemplateRow, unknown, TemplateForm<NewTemplate & TemplateChanges>, typeof serviceTemplate>(
      serviceTemplate,
      templateRows,
      {
        record: serviceTemplate.getOne.schema.response[200],
        only: ['create', 'update'],
        create: {
          multipart: multipartForm({ schema: NewTemplate }),
          values: (call, form) => newTemplateValues(call, form),
        },
        update: {
          multipart: multipartForm({ schema: TemplateChanges }),
          values: (call, before, form) => templateChanges(call, before, form),
          after: (call, before, after) => dropReplacedIcon(call, before, after),
        },
      },
    );
  });
}
