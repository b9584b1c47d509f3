#!/usr/bin/env node
// Writes the README's configuration table from src/config/settings.mjs (between the settings markers).
// `npm run settings:table` after adding or changing a setting; a unit test fails while the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { settingsTable } from '../src/config/settings.mjs';

export const markers = { start: '<!-- settings:start -->', end: '<!-- settings:end -->' };

const readme = readFileSync('README.md', 'utf8');
const start = readme.indexOf(markers.start);
const end = readme.indexOf(markers.end);
if (start === -1 || end === -1) {
  console.error(`README.md needs ${markers.start} and ${markers.end} around the configuration table.`);
  process.exit(1);
}
writeFileSync('README.md', `${readme.slice(0, start + markers.start.length)}\n${settingsTable()}\n${readme.slice(end)}`);
console.log('README.md configuration table updated.');
