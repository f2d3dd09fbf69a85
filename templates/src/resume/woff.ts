// WOFF (what the @fontsource packages ship) to the plain OpenType file inside it: each table
// inflated with fflate. fontkit reads WOFF itself, but through a small pure-JavaScript inflater
// that made a résumé's fonts take seconds to open; this takes milliseconds.
import { unzlibSync } from 'fflate';

export function sfntOfWoff(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) return woff; // not 'wOFF': already an OpenType file
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = 44 + index * 20;
    const offset = view.getUint32(at + 4);
    const compressed = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return { tag: view.getUint32(at), checksum: view.getUint32(at + 16), data: compressed < length ? unzlibSync(raw) : raw };
  });
  const headerLength = 12 + numTables * 16;
  const size = tables.reduce((sum, table) => sum + ((table.data.length + 3) & ~3), headerLength);
  const out = new Uint8Array(size);
  const write = new DataView(out.buffer);
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  write.setUint32(0, flavor);
  write.setUint16(4, numTables);
  write.setUint16(6, searchRange * 16);
  write.setUint16(8, entrySelector);
  write.setUint16(10, numTables * 16 - searchRange * 16);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    write.setUint32(at, table.tag);
    write.setUint32(at + 4, table.checksum);
    write.setUint32(at + 8, offset);
    write.setUint32(at + 12, table.data.length);
    out.set(table.data, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}
