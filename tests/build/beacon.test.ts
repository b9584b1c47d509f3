/**
 * The analytics beacon every public page loads: at most 1.5 KB brotli with everything it imports statically, and
 * web-vitals only fetched later by a dynamic import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const astroDir = path.resolve('dist/client/_astro');
const budgetBytes = 1.5 * 1024;

const read = (file: string) => readFileSync(path.join(astroDir, file), 'utf8');
const brotliSize = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/** Chunks imported with a static `import … from "./x.js"` (not `import("./x.js")`). */
const staticImports = (code: string) => [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g)].map((m) => m[1]!);

function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dependency of staticImports(read(file))) withStaticImports(dependency, seen);
  return seen;
}

describe('analytics beacon (run "npm run build" first)', () => {
  const beacon = readdirSync(astroDir).filter((f) => /^beacon\.[\w-]+\.js$/.test(f));

  it('is one chunk of its own, loaded by the layout with a dynamic import', () => {
    expect(beacon).toHaveLength(1);
    const layout = readdirSync(astroDir).filter((f) => f.startsWith('BaseLayout.astro_astro_type_script') && f.endsWith('.js'));
    expect(layout.length).toBeGreaterThan(0);
    expect(layout.some((f) => read(f).includes(`import("./${beacon[0]}")`))).toBe(true);
  });

  it(`is at most ${budgetBytes / 1024} KB brotli, with what it imports statically`, () => {
    const files = [...withStaticImports(beacon[0]!)];
    const total = files.reduce((sum, f) => sum + brotliSize(read(f)), 0);
    expect(total, files.join(', ')).toBeLessThanOrEqual(budgetBytes);
  });

  it('fetches web-vitals only when it runs, not with itself', () => {
    const files = [...withStaticImports(beacon[0]!)];
    expect(files.some((f) => read(f).includes('largest-contentful-paint'))).toBe(false);
    const dynamic = [...read(beacon[0]!).matchAll(/import\(["']\.\/([^"']+)["']\)/g)].map((m) => m[1]!);
    expect(dynamic.some((f) => read(f).includes('largest-contentful-paint'))).toBe(true);
  });
});
