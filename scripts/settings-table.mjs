#!/usr/bin/env node
// Writes what is generated from src/config/settings.mjs: the configuration table of docs/configuration.md (between the
// settings markers) and the production recipe's environment file, deploy/hale-digital.env.
// `npm run settings:table` after adding or changing a setting; unit tests fail while they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { recipeEnvFile } from './recipe.mjs';
import { settingsTable } from './settings-docs.mjs';

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

writeFileSync('deploy/hale-digital.env', recipeEnvFile());
console.log('deploy/hale-digital.env: written.');
