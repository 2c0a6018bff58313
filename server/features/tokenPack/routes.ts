import type { TSchema } from '@fastify/type-provider-typebox';
import {
  NewTokenPack,
  TOKEN_PACK_IMAGE_PARTS,
  TOKEN_PACK_LISTING,
  TokenPackChanges,
  tokenPack,
  tokenPackV2,
  WhiteListIpRecord,
  whiteListIps,
} from '../../../contract/tokenPack.ts';
import { DeleteManyAnswer } from '../../kit/deleteMany.ts';
import type { Kit } from '../../kit/kit.ts';
import { type MultipartRequest, multipartForm, readMultipart } from '../../kit/multipart.ts';
import {
  createPack,
  deletePack,
  olderTokenPackRows,
  type PackImages,
  packImage,
  packOfService,
  packsAtWizardStatus,
  packsOfSubscription,
  tokenPackRows,
  updatePack,
} from './tokenPacks.ts';
import {
  addNetwork,
  changeNetwork,
  networksOf,
  removeNetworks,
  translateWhiteList,
  whiteListListing,
} from './whiteListIps.ts';

/**
 * Token packs and their trusted networks (contract/tokenPack.ts), in the customer of the call:
 * - token-pack-v2: search, read, create and change (multipart: an info part, an icon and a feature image),
 *   delete (refused while the pack has services), the lookups by subscription and by service, and the images
 *   themselves (public: an <img> carries no token);
 * - token-pack: the same records in the older list shape, and the lookup by wizard status;
 * - white-list-ips: a pack's trusted networks, kept canonical (trustedNetworks.ts).
 * Every write has its audit entry ('TokenPack', 'WhiteListIp').
 */

/** Images are public and change URL when they change: a URL naming the current file is cached for a year. */
const VERSIONED_IMAGE_CACHE = 'public, max-age=31536000, immutable';
/** Without the current file id the URL may show another image tomorrow: the browser asks again each time. */
const UNVERSIONED_IMAGE_CACHE = 'public, no-cache';
/** An SVG opened on its own must not run scripts or load anything (as the service template icons). */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * The multipart body of a create or an update (kit/multipart.ts): an `info` part with the fields (JSON), and
 * up to two images, `iconFile` and `featureImageFile`, each a PNG, JPEG, GIF, WebP or SVG of at most
 * 2000000 bytes.
 */
const packForm = <Schema extends TSchema>(schema: Schema) =>
  multipartForm({ schema, dataPart: 'info', fileParts: TOKEN_PACK_IMAGE_PARTS });
const newPackForm = packForm(NewTokenPack);
const packChangesForm = packForm(TokenPackChanges);

/** A pack's form: its fields and its images by part. */
async function readPackForm<Schema extends TSchema>(
  request: MultipartRequest,
  form: ReturnType<typeof packForm<Schema>>,
) {
  const { data, files } = await readMultipart(request, form);
  const images: PackImages = {};
  for (const part of TOKEN_PACK_IMAGE_PARTS) {
    const file = files[part];
    if (file) images[part] = file;
  }
  return { data, images };
}

/** The pack a trusted network's path names. */
const packOfPath = (params: unknown) => (params as { tokenPackId: string }).tokenPackId;

export function tokenPackRoutes(kit: Kit): void {
  const record = tokenPackV2.getOne.schema.response[200];
  kit.crud(tokenPackV2, tokenPackRows, {
    record,
    listingNames: TOKEN_PACK_LISTING,
    only: ['list', 'getOne'],
  });
  // The older list; its record call is token-pack-v2's (one route).
  kit.crud(tokenPack, olderTokenPackRows, { record, only: ['list'] });

  kit.route(tokenPackV2, 'getBySubscription', (call) =>
    packsOfSubscription(call.tx, call.params.subscriptionId),
  );

  kit.route(tokenPackV2, 'getByServiceId', (call) => packOfService(call.tx, call.params.serviceId));

  kit.route(tokenPack, 'getByWizardStatus', (call) => packsAtWizardStatus(call.tx, call.params.wizardStatus));

  kit.route(tokenPackV2, 'image', async (call) => {
    const image = await packImage(call.tx, call.params.id, call.params.kind);
    const versioned = call.query.v?.toLowerCase() === image.fileId;
    call.reply
      .type(image.mimeType)
      .header('cache-control', versioned ? VERSIONED_IMAGE_CACHE : UNVERSIONED_IMAGE_CACHE)
      .header('x-content-type-options', 'nosniff');
    if (image.mimeType === 'image/svg+xml') call.reply.header('content-security-policy', SVG_POLICY);
    return call.reply.send(image.bytes);
  });

  kit.route(tokenPackV2, 'delete', (call) => deletePack(call, call.params.id));

  // Create and change read multipart bodies (an info part and two images): the parser is enabled here only.
  // The body is read before the call's transaction opens: a slow upload holds no connection.
  kit.multipart({ files: TOKEN_PACK_IMAGE_PARTS.length }, (forms) => {
    forms.route(tokenPackV2, 'create', { transaction: false }, async (call) => {
      const { data, images } = await readPackForm(call.request, newPackForm);
      const answer = await call.transaction((tx, audit) =>
        createPack({ tx, audit, customer: call.customer, origin: call.origin }, data, images),
      );
      call.reply.code(201);
      return answer;
    });

    forms.route(tokenPackV2, 'update', { transaction: false }, async (call) => {
      const { id } = call.params;
      const scope = { customer: call.customer, origin: call.origin };
      // Another customer's pack, or none: 404 before the body is read.
      await call.transaction((tx) => tokenPackRows.find({ ...scope, tx }, id));
      const { data, images } = await readPackForm(call.request, packChangesForm);
      return call.transaction((tx, audit) => updatePack({ ...scope, tx, audit }, id, data, images));
    });
  });

  // ——— Trusted networks: under a pack of the customer's (404 otherwise, before anything else) ———
  kit.list(whiteListIps, 'list', {
    listing: whiteListListing,
    record: WhiteListIpRecord,
    find: async (call, ask) => (await networksOf(call, packOfPath(call.params))).rows.list(call, ask),
  });

  kit.route(whiteListIps, 'create', { translate: translateWhiteList }, async (call) => {
    const answer = await addNetwork(call, call.params.tokenPackId, call.body);
    call.reply.code(201);
    return answer;
  });

  kit.route(whiteListIps, 'update', { translate: translateWhiteList }, (call) =>
    changeNetwork(call, call.params.tokenPackId, call.params.id, call.body),
  );

  kit.route(whiteListIps, 'deleteMany', { schema: { response: { 200: DeleteManyAnswer } } }, (call) =>
    removeNetworks(call, call.params.tokenPackId, call.body.ids),
  );
}
