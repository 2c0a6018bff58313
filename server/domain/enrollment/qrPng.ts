import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { ACTIVATION_QR } from '../../../contract/activationCode.ts';

/**
 * QR codes as small black-and-white PNG images, made without a canvas: the module matrix from `qrcode`
 * (QRCode.create), drawn into a 1-bit grayscale PNG written here (IHDR, one deflated IDAT, IEND). About
 * 1,000 a second and 400-odd bytes each: the zip of 10,000 codes is made as fast as it is sent.
 *
 * The image is `size` pixels of code inside a white quiet zone of `quietZone` pixels on each side
 * (docs/requirements/constants-and-limits.md: 170 and 24), so `size + 2 × quietZone` pixels square. Modules are mapped to pixels by
 * nearest neighbour (a module is ⌊size / modules⌋ or one more pixels wide), as scanners expect of a
 * QR code drawn at a fixed size.
 */

export interface QrImageOptions {
  size: number;
  quietZone: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/** The dark modules of `text`'s QR code (error correction M), row by row. */
export function qrModules(text: string): { count: number; dark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { count: modules.size, dark: (row, column) => modules.get(row, column) === 1 };
}

/** The PNG of `text`'s QR code. */
export function qrPng(text: string, { size, quietZone }: QrImageOptions = ACTIVATION_QR): Buffer {
  const { count, dark } = qrModules(text);
  const width = size + 2 * quietZone;
  const rowBytes = Math.ceil(width / 8);
  // The module of each pixel of the code's area (nearest neighbour).
  const moduleAt = Array.from({ length: size }, (_, pixel) => Math.floor((pixel * count) / size));
  const white = Buffer.alloc(1 + rowBytes, 0xff);
  white[0] = 0; // filter: none
  const rows: Buffer[] = [];
  let previousModuleRow = -1;
  let previous = white;
  for (let y = 0; y < width; y++) {
    const inside = y >= quietZone && y < quietZone + size;
    if (!inside) {
      rows.push(white);
      continue;
    }
    const moduleRow = moduleAt[y - quietZone]!;
    if (moduleRow === previousModuleRow) {
      rows.push(previous);
      continue;
    }
    const row = Buffer.from(white);
    for (let x = 0; x < size; x++) {
      if (!dark(moduleRow, moduleAt[x]!)) continue;
      const pixel = x + quietZone;
      // 1-bit grayscale: 0 is black; the leftmost pixel is the byte's high bit.
      row[1 + (pixel >> 3)]! &= ~(0x80 >> (pixel & 7));
    }
    rows.push(row);
    previous = row;
    previousModuleRow = moduleRow;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering (each row says "none")
  header[12] = 0; // not interlaced
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
