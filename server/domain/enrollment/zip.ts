import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * A zip made while it is read: each entry is added when the reader asks for more, stored as it is (the
 * PNGs inside are compressed already), and the archive's bytes go out in pieces of about 64 KB. Memory
 * holds one piece and the central directory (a few dozen bytes an entry), never the whole archive.
 */

export interface ZipEntry {
  name: string;
  content: Uint8Array;
  modified?: Date;
}

const PIECE = 64 * 1024;

async function* zipBytes(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const pending: Uint8Array[] = [];
  let size = 0;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else {
      pending.push(chunk);
      size += chunk.length;
    }
  });
  const take = () => {
    const piece = Buffer.concat(pending);
    pending.length = 0;
    size = 0;
    return piece;
  };
  for await (const entry of entries) {
    const file = new ZipPassThrough(entry.name);
    if (entry.modified) file.mtime = entry.modified;
    zip.add(file);
    file.push(entry.content, true);
    if (failure) throw failure;
    if (size >= PIECE) {
      yield take();
      // Making entries is work for the CPU alone: the event loop gets a turn after each piece, so that the
      // piece goes out now and other requests are served meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  zip.end();
  if (failure) throw failure;
  if (size > 0) yield take();
}

/** The zip of `entries` as a stream of bytes (application/zip). */
export const zipStream = (entries: AsyncIterable<ZipEntry>): Readable =>
  Readable.from(zipBytes(entries), { objectMode: false });

const RESERVED = /[/\\:*?"<>|]/g;

/** Control characters (U+0000 to U+001F, U+007F) as `_`. */
const withoutControls = (text: string) =>
  Array.from(text, (char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || code === 0x7f ? '_' : char;
  }).join('');

/** A file name that every system can write: no path separators, control or reserved characters. */
export function safeFileName(name: string, fallback: string, maxLength = 100): string {
  const safe = withoutControls(name).replace(RESERVED, '_').trim().replace(/^\.+/, '');
  // Cut by characters, not UTF-16 units: a surrogate pair stays whole.
  const cleaned = Array.from(safe).slice(0, maxLength).join('').trim();
  return cleaned === '' ? fallback : cleaned;
}

/** Names made unique in the order given: the second `a.png` becomes `a (2).png`. */
export function uniqueNames(): (name: string, extension: string) => string {
  const taken = new Set<string>();
  return (name, extension) => {
    let candidate = `${name}${extension}`;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy++)
      candidate = `${name} (${copy})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
