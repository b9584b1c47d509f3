/**
 * Plain JavaScript under src/ is type-checked (issue 41, item 3): each file opts in with `// @ts-check`, which
 * `astro check` (and so CI) honours, so JSDoc types are held as TypeScript is. A new file without it fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('plain JavaScript under src/', () => {
  it('every .mjs file starts with // @ts-check', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => path.join('src', file));
    expect(files.length).toBeGreaterThan(50);
    const unchecked = files.filter((file) => readFileSync(file, 'utf8').split('\n', 1)[0]?.trim() !== '// @ts-check');
    expect(unchecked).toEqual([]);
  });
});
