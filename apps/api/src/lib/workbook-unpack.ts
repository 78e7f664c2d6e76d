import { inflateRawSync } from 'node:zlib';

export interface PackedEntry {
  name: string;
  compressedBytes: number;
  uncompressedBytes: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/**
 * The entries a zip archive declares in its central directory, with their sizes, read without unpacking anything
 * (so that a zip bomb is refused by what it declares before a byte of it is inflated). Null when the bytes are
 * not a whole zip archive (cut short, or ZIP64, which no file an import takes needs).
 */
export function packedEntries(zip: Buffer): PackedEntry[] | null {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || at + size > end) return null;
  const entries: PackedEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) return null;
    const compressedBytes = zip.readUInt32LE(at + 20);
    const uncompressedBytes = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (compressedBytes === 0xffffffff || uncompressedBytes === 0xffffffff) return null;
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      compressedBytes,
      uncompressedBytes,
      method: zip.readUInt16LE(at + 10),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extra;
  }
  return entries;
}

/** Limits on what an archive may unpack to: in all, and as a multiple of its own size (a zip bomb's mark). */
export interface UnpackLimits {
  maxBytes: number;
  maxRatio: number;
}

const LOCAL = 0x04034b50;

/**
 * Whether an archive unpacks within the limits, found by unpacking it with a cap rather than trusting the sizes it
 * declares (a crafted archive may declare a few bytes and inflate to gigabytes): each entry is inflated with at
 * most the bytes left of the budget, and the first to pass it stops the count.
 */
export function unpacksWithin(zip: Buffer, entries: PackedEntry[], limits: UnpackLimits): boolean {
  let budget = Math.min(limits.maxBytes, Math.max(zip.length, 1) * limits.maxRatio);
  for (const entry of entries) {
    if (entry.uncompressedBytes > budget) return false;
    const at = entry.offset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) return false;
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedBytes);
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
      } catch {
        return false;
      }
    } else return false;
    budget -= size;
    if (budget < 0) return false;
  }
  return true;
}
