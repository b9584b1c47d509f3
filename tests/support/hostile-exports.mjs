// Uploads an attacker would send the Search Console import, built on the spot (none is stored): a ZIP of a Queries.csv
// of far more rows than an export holds, and a ZIP that says its file unzips to 1,000 bytes while it holds gigabytes
// of zeros. Plain JavaScript, so a benchmark can use them without the test runner.
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import { zipSync } from 'fflate';

const header = 'Top queries,Clicks,Impressions,CTR,Position\n';

/**
 * A Queries.csv of `rows` short rows (a million stay under the import's 20 MB, as the probe's did): all alike (it
 * zips to almost nothing) or each its own.
 * @param {number} rows @param {boolean} [alike]
 */
export function manyRowsCsv(rows, alike = true) {
  const lines = [header];
  for (let i = 0; i < rows; i++) lines.push(alike ? 'seo,1,9,11.1%,2\n' : `q${i},${i % 7},9,1%,${(i % 9) + 1}\n`);
  return new TextEncoder().encode(lines.join(''));
}

/** A ZIP of such a Queries.csv, as a Search Console export's would be named. @param {number} rows @param {boolean} [alike] */
export function manyRowsZip(rows, alike = true) {
  return { name: 'many-rows.zip', bytes: zipSync({ 'Queries.csv': manyRowsCsv(rows, alike) }) };
}

/**
 * Raw DEFLATE of `mib` MiB of zeros in one stream (about 1 KB a MiB), compressed a MiB at a time.
 * @param {number} mib
 */
async function deflatedZeros(mib) {
  const deflate = createDeflateRaw({ level: 9, strategy: constants.Z_RLE });
  /** @type {Buffer[]} */
  const out = [];
  deflate.on('data', (/** @type {Buffer} */ chunk) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * A ZIP whose one entry, Queries.csv, declares `declared` bytes unzipped while it inflates to `mib` MiB of zeros
 * (1 GiB by default, in a ZIP of about 1 MB; it takes a second or two to make).
 * @param {number} [mib] @param {number} [declared]
 */
export async function lyingZip(mib = 1024, declared = 1000) {
  const data = await deflatedZeros(mib);
  const name = Buffer.from('Queries.csv');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // DEFLATE
  local.writeUInt16LE(0x21, 12); // 1 January 1980
  local.writeUInt32LE(crc32(Buffer.alloc(declared)), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc32(Buffer.alloc(declared)), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return { name: 'lying.zip', bytes: new Uint8Array(Buffer.concat([local, name, data, central, name, end])) };
}
