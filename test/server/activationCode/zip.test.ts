import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import QRCode from 'qrcode';
import { ACTIVATION_QR, activationLink } from '../../../contract/activationCode.ts';
import { TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import { users } from '../../../server/db/schema.ts';
import { RECORD_NOT_FOUND } from '../../../server/kit/deleteMany.ts';
import * as activation from './fixtures.ts';

/**
 * The zip of QR codes (Download Zip QR Code, Download All): one PNG a code, named after its user, each the QR
 * code of the code's activation link (170 pixels inside a quiet zone of 24), streamed as it is made.
 */

const PUBLIC_URL = 'https://gateway.acme.test';
const PIXELS = ACTIVATION_QR.size + 2 * ACTIVATION_QR.quietZone;

const { ctx, calls, acme, globex } = activation.codeSuite(1, { config: { publicUrl: PUBLIC_URL } });
const { addUsers, BASE, errorOf, generated, newDirectory, newPack, readBitPng, readZip, storedCodes } =
  activation;

async function packOf(count: number, name = `Pack ${randomUUID().slice(0, 8)}`) {
  const directoryId = await newDirectory(ctx, acme.id, `Directory ${randomUUID().slice(0, 8)}`);
  const packId = await newPack(ctx, acme.id, name, directoryId);
  await addUsers(ctx, { customerId: acme.id, directoryId }, count);
  await generated(ctx, { ...acme, packId });
  return { packId, directoryId, codes: await storedCodes(ctx, packId) };
}

/** Whether the PNG shows `text`'s QR code: each module, sampled at its centre, as the QR matrix says. */
function showsQrOf(png: Buffer, text: string): boolean {
  const image = readBitPng(png);
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, quietZone } = ACTIVATION_QR;
  const pixel = (module: number) => quietZone + Math.floor(((module + 0.5) * size) / modules.size);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (image.black(pixel(column), pixel(row)) !== (modules.get(row, column) === 1)) return false;
    }
  }
  // The quiet zone is white all round.
  for (let at = 0; at < PIXELS; at++) {
    for (const [x, y] of [
      [at, 0],
      [0, at],
      [at, quietZone - 1],
      [quietZone - 1, at],
      [at, PIXELS - quietZone],
      [PIXELS - 1, at],
    ] as const) {
      if (image.black(x, y)) return false;
    }
  }
  return true;
}

describe('downloading all the codes of a pack', () => {
  it("answers a zip of one stored PNG a code, named after its user, showing the code's activation link", async () => {
    const { packId, codes } = await packOf(3, 'Acme "Main"/Pack');
    const answer = await calls.downloadAll(acme.admin, acme.id, packId);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Acme _Main__Pack-activation-codes.zip"; filename*=UTF-8''${encodeURIComponent('Acme _Main__Pack-activation-codes.zip')}`,
    );
    // How many files come, said before they do (the portal's progress).
    expect(answer.headers['x-zip-entries']).toBe('3');
    const entries = readZip(answer.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(codes.map((code) => `${code.username}.png`));
    for (const [index, entry] of entries.entries()) {
      expect(entry.method).toBe(0);
      const image = readBitPng(entry.content);
      expect([image.width, image.height]).toEqual([PIXELS, PIXELS]);
      expect(showsQrOf(entry.content, activationLink(PUBLIC_URL, codes[index]!.code))).toBe(true);
      // And not another code's.
      expect(showsQrOf(entry.content, activationLink(PUBLIC_URL, codes[(index + 1) % 3]!.code))).toBe(false);
    }
  });

  it('names the entries safely and once each', async () => {
    const directoryId = await newDirectory(ctx, acme.id, 'Odd names');
    const packId = await newPack(ctx, acme.id, 'Odd names pack', directoryId);
    await ctx.db.insert(users).values(
      ['ops/admin', 'ops_admin', 'Ops:Admin', '../etc'].map((username) => ({
        customerId: acme.id,
        directoryId,
        source: 'LDAP' as const,
        username,
      })),
    );
    await generated(ctx, { ...acme, packId });
    const answer = await calls.downloadAll(acme.admin, acme.id, packId);
    // Three usernames that read the same once made safe: numbered in the order of the list.
    const names = readZip(answer.rawPayload).map((entry) => entry.name.toLowerCase());
    expect(names.sort()).toEqual(['_etc.png', 'ops_admin (2).png', 'ops_admin (3).png', 'ops_admin.png']);
  });

  it('streams the zip as it is made: no length known beforehand, sent in chunks', async () => {
    const { packId, codes } = await packOf(300);
    // A real connection (inject would gather the answer): closed with the app after the file.
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { headers, body, pieces } = await new Promise<{
      headers: Record<string, unknown>;
      body: Buffer;
      pieces: number;
    }>((resolve, reject) => {
      const url = new URL(`${BASE}/${acme.id}/download-token-pack-ac-zip/${packId}`, address);
      const request = httpRequest(url, { headers: { authorization: `Bearer ${acme.admin}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks), pieces: chunks.length }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(pieces).toBeGreaterThan(1);
    expect(readZip(body)).toHaveLength(codes.length);
  });

  it("answers 404 for another customer's pack", async () => {
    const answer = await calls.downloadAll(acme.admin, acme.id, globex.packId);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual(errorOf(TOKEN_PACK_ERRORS.notFound));
  });
});

describe('downloading the chosen codes', () => {
  it('answers the zip of those codes only', async () => {
    const { packId, codes } = await packOf(4);
    const chosen = [codes[3]!, codes[1]!];
    const answer = await calls.zip(
      acme.admin,
      acme.id,
      packId,
      chosen.map((code) => code.id),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['x-zip-entries']).toBe('2');
    const entries = readZip(answer.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      `${codes[1]!.username}.png`,
      `${codes[3]!.username}.png`,
    ]);
    expect(showsQrOf(entries[0]!.content, activationLink(PUBLIC_URL, codes[1]!.code))).toBe(true);
  });

  it("answers 404 when a chosen code is another pack's or another customer's", async () => {
    const first = await packOf(1);
    const second = await packOf(1);
    const [theirs] = await storedCodes(ctx, globex.packId);
    for (const ids of [[first.codes[0]!.id, second.codes[0]!.id], [theirs!.id]]) {
      const answer = await calls.zip(acme.admin, acme.id, first.packId, ids);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(errorOf(RECORD_NOT_FOUND));
    }
    const inTheirPack = await calls.zip(acme.admin, acme.id, globex.packId, [theirs!.id]);
    expect(inTheirPack.statusCode).toBe(404);
    expect(inTheirPack.json()).toEqual(errorOf(TOKEN_PACK_ERRORS.notFound));
  });
});
