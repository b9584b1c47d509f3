import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { migrations } from '~/server/db/migrations/index.mjs';

it('lists every migration file in the folder, in the order of their names', () => {
  const files = readdirSync('src/server/db/migrations')
    .filter((file) => /^\d{4}_\w+\.mjs$/.test(file))
    .map((file) => file.replace(/\.mjs$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
  for (const [name, migration] of Object.entries(migrations)) {
    expect(typeof migration.up, name).toBe('function');
    expect(migration.down, `${name} only goes forward`).toBeUndefined();
  }
});
