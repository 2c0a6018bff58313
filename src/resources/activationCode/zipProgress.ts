/** The signature that opens each file of a zip (its local file header): `PK\x03\x04`. */
const SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;

/**
 * Counts the files of a zip as its bytes arrive, by their local file headers, across the parts' edges. A
 * PNG's compressed bytes could hold the signature by chance (about once in 4 GB): the count is for a
 * progress, and the caller caps it at the total the server announced.
 */
export function zipEntryCounter(): (chunk: Uint8Array) => number {
  let count = 0;
  // How many bytes of the signature the previous part ended with.
  let matched = 0;
  return (chunk) => {
    for (const byte of chunk) {
      if (byte === SIGNATURE[matched]) {
        matched++;
        if (matched === SIGNATURE.length) {
          count++;
          matched = 0;
        }
      } else {
        matched = byte === SIGNATURE[0] ? 1 : 0;
      }
    }
    return count;
  };
}
