import QRCode from 'qrcode';
import { ACTIVATION_CODE_PATTERN, ACTIVATION_QR } from '../../../contract/activationCode.ts';
import { formatCode, newCodes, normalizeCode, statusOf } from '../../../server/domain/enrollment/codes.ts';
import { qrPng } from '../../../server/domain/enrollment/qrPng.ts';
import { type ZipEntry, zipStream } from '../../../server/domain/enrollment/zip.ts';
import { readBitPng, readZip } from '../activationCode/fixtures.ts';

/** The pieces of the activation codes: the codes' text, the QR code PNG and the zip made as it is read. */

describe('activation codes as text', () => {
  it('writes 80 bits as 16 characters of Crockford base32 in groups of four', () => {
    expect(formatCode(new Uint8Array(10))).toBe('0000-0000-0000-0000');
    expect(formatCode(new Uint8Array(10).fill(255))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(formatCode(Uint8Array.from([0x08, 0x86, 0x42, 0x98, 0xe8, 0x4a, 0x96, 0xc6, 0xb9, 0xf0]))).toBe(
      '1234-5678-9ABC-DEFG',
    );
  });

  it('draws different codes each time', () => {
    const codes = newCodes(10_000);
    expect(new Set(codes).size).toBe(10_000);
    for (const code of codes.slice(0, 100)) expect(code).toMatch(ACTIVATION_CODE_PATTERN);
  });

  it('reads a code as typed, in either case, with spaces or without dashes, O for 0, I and L for 1', () => {
    expect(normalizeCode(' 1234 5678 9abc defg ')).toBe('1234-5678-9ABC-DEFG');
    expect(normalizeCode('I234567B9ABCDEFG')).toBe('1234-567B-9ABC-DEFG');
    expect(normalizeCode('o0l1-0000-0000-0000')).toBe('0011-0000-0000-0000');
    expect(normalizeCode('1234-5678-9ABC-DEF')).toBeUndefined();
    expect(normalizeCode('UUUU-5678-9ABC-DEFG')).toBeUndefined();
  });

  it('shows a NEW code past its expiry as EXPIRED, and an activated one as ACTIVATED whatever its date', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    const before = new Date('2026-04-30T23:59:59Z');
    const after = new Date('2026-05-01T00:00:01Z');
    expect(statusOf({ status: 'NEW', expireDate: before }, now)).toBe('EXPIRED');
    expect(statusOf({ status: 'NEW', expireDate: after }, now)).toBe('NEW');
    expect(statusOf({ status: 'ACTIVATED', expireDate: before }, now)).toBe('ACTIVATED');
  });
});

describe('the QR code PNG', () => {
  it("draws the text's QR code, 170 pixels inside a white quiet zone of 24, one bit a pixel", () => {
    const text = 'vkey://onboarding/activate?server=https%3A%2F%2Fgw.example&code=1234-5678-9ABC-DEFG';
    const image = readBitPng(qrPng(text));
    const { size, quietZone } = ACTIVATION_QR;
    expect([image.width, image.height]).toEqual([size + 2 * quietZone, size + 2 * quietZone]);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const pixel = (module: number) => quietZone + Math.floor(((module + 0.5) * size) / modules.size);
    let differences = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (image.black(pixel(column), pixel(row)) !== (modules.get(row, column) === 1)) differences++;
      }
    }
    expect(differences).toBe(0);
    // The finder pattern's corner: black at the code's first pixel, white just outside it.
    expect(image.black(quietZone, quietZone)).toBe(true);
    expect(image.black(quietZone - 1, quietZone)).toBe(false);
    expect(image.black(quietZone, quietZone - 1)).toBe(false);
  });

  it('draws at another size when asked', () => {
    const image = readBitPng(qrPng('hello', { size: 100, quietZone: 12 }));
    expect([image.width, image.height]).toEqual([124, 124]);
  });
});

describe('the zip stream', () => {
  it('adds entries only as the reader asks for more, and makes a zip of all of them', async () => {
    let made = 0;
    const content = new Uint8Array(20_000).map((_, index) => index % 251);
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (let index = 0; index < 50; index++) {
        made++;
        yield { name: `entry-${index}.bin`, content };
      }
    }
    const stream = zipStream(entries());
    const chunks: Buffer[] = [];
    let madeAtFirstChunk = -1;
    for await (const chunk of stream) {
      if (madeAtFirstChunk === -1) madeAtFirstChunk = made;
      chunks.push(chunk as Buffer);
    }
    // 50 entries of 20 KB: the first 64 KB go out after a handful of entries, not after all of them.
    expect(madeAtFirstChunk).toBeLessThan(10);
    expect(chunks.length).toBeGreaterThan(5);
    const zip = readZip(Buffer.concat(chunks));
    expect(zip.map((entry) => entry.name)).toEqual(
      Array.from({ length: 50 }, (_, index) => `entry-${index}.bin`),
    );
    expect(zip.every((entry) => entry.method === 0 && Buffer.from(content).equals(entry.content))).toBe(true);
  });
});
