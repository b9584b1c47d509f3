import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFiles, clientDir } from '../support/built-site';
import { htmlErrors } from '../support/html-validate';

describe('built HTML', () => {
  it('exists (run "npm run build" first)', () => {
    expect(existsSync(clientDir)).toBe(true);
  });

  const files = existsSync(clientDir) ? builtFiles('.html') : [];
  it('has every page built', () => {
    expect(files.length).toBeGreaterThanOrEqual(36);
  });

  for (const file of files) {
    it(`${path.relative(clientDir, file)} has no html-validate errors`, async () => {
      expect(await htmlErrors(readFileSync(file, 'utf8'), file)).toEqual([]);
    });
  }
});
