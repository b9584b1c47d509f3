#!/usr/bin/env node
// Full-page screenshots of pages at phone and desktop widths, for looking at the site as a visitor would.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:8080 out-dir /path-a /path-b ...
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './browser.mjs';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error('usage: screenshots.mjs BASE_URL OUT_DIR PATH...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
