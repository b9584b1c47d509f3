#!/usr/bin/env node
// After `astro build`: writes .br and .gz next to every compressible file in dist/client, at the highest levels,
// so the server sends them from memory instead of compressing each response.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { brotliOptions, gzipOptions } from '../src/server/platform/http/compression.mjs';
import { plural } from '../src/lib/plural.mjs';

export const compressible = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest)$/;
const root = path.resolve('dist/client');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  const data = readFileSync(file);
  if (data.length < 512) continue;
  const br = zlib.brotliCompressSync(data, brotliOptions(data.length));
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, zlib.gzipSync(data, gzipOptions));
  count++;
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${plural(count, 'file')}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
if (!statSync(root).isDirectory()) process.exit(1);
