#!/usr/bin/env node
// Writes the configuration table of docs/configuration.md from src/config/settings.mjs (between the settings markers).
// `npm run settings:table` after adding or changing a setting; a unit test fails while the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { settingsTable } from '../src/config/settings.mjs';

export const markers = { start: '<!-- settings:start -->', end: '<!-- settings:end -->' };

const file = 'docs/configuration.md';
const text = readFileSync(file, 'utf8');
const start = text.indexOf(markers.start);
const end = text.indexOf(markers.end);
if (start === -1 || end === -1) {
  console.error(`${file} needs ${markers.start} and ${markers.end} around the configuration table.`);
  process.exit(1);
}
writeFileSync(file, `${text.slice(0, start + markers.start.length)}\n${settingsTable()}\n${text.slice(end)}`);
console.log(`${file}: configuration table updated.`);
