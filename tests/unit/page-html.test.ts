import { describe, expect, it } from 'vitest';
import { dropStaticTextSeparators, loadModuleScriptsAfterLoad, moveIslandStyleToHead } from '../../src/build/page-html.mjs';

describe('finishing a pre-rendered page', () => {
  it("moves Astro's island style from the body into the head", () => {
    const page = '<html><head><title>t</title></head><body><style>astro-island{display:contents}</style><astro-island></astro-island></body></html>';
    const moved = moveIslandStyleToHead(page);
    expect(moved).toBe('<html><head><title>t</title><style>astro-island{display:contents}</style></head><body><astro-island></astro-island></body></html>');
  });

  it('swaps a module script for an inline loader that adds it after the first paint or at the first interaction', () => {
    const page = '<body><p>x</p><script type="module" src="/_astro/entry.abc.js"></script></body>';
    const loaded = loadModuleScriptsAfterLoad(page);
    expect(loaded).not.toContain('<script type="module"');
    expect(loaded).toContain('"/_astro/entry.abc.js"');
    expect(loaded).toContain('first-contentful-paint');
    for (const event of ['pointerdown', 'keydown', 'focusin', 'touchstart']) expect(loaded).toContain(`'${event}'`);
  });

  it('with a late stylesheet, adds it first and each script once it has loaded or failed', () => {
    const page = '<body><script type="module" src="/_astro/entry.abc.js"></script></body>';
    const loaded = loadModuleScriptsAfterLoad(page, '/_astro/late.xyz.css');
    expect(loaded).toContain('"/_astro/late.xyz.css"');
    expect(loaded).toContain("addEventListener('load',go)");
    expect(loaded).toContain("addEventListener('error',go)");
    expect(loadModuleScriptsAfterLoad(page)).not.toContain('late');
  });

  it("drops React's text separators outside islands and keeps them inside, where hydration needs them", () => {
    const page = '<p>Rated <!-- -->5.0<!-- --> out of 5</p><astro-island uid="1"><p>Hello <!-- -->Jordan</p></astro-island><p>© <!-- -->2026</p>';
    expect(dropStaticTextSeparators(page)).toBe('<p>Rated 5.0 out of 5</p><astro-island uid="1"><p>Hello <!-- -->Jordan</p></astro-island><p>© 2026</p>');
  });
});
