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

  it('with a late stylesheet, adds it at the first interaction or when a script asks (window.__lateStyle), never after the paint alone', async () => {
    const { Window } = await import('happy-dom');
    const page = '<body><script type="module" src="/_astro/entry.abc.js"></script></body>';
    const loaded = loadModuleScriptsAfterLoad(page, '/_astro/late.xyz.css');
    expect(loadModuleScriptsAfterLoad(page)).not.toContain('late');
    const script = /<script>([\s\S]*)<\/script>/.exec(loaded)?.[1] ?? '';
    const window = new Window({ url: 'https://example.test/' });
    const document = window.document;
    // The page has loaded and painted: the loader's timers run; no stylesheet is added for them.
    const run = new window.Function('window', 'document', 'addEventListener', 'setTimeout', 'PerformanceObserver', script);
    const timers: (() => void)[] = [];
    run(window, document, window.addEventListener.bind(window), (f: () => void) => timers.push(f), undefined);
    window.dispatchEvent(new window.Event('load'));
    for (const timer of timers.splice(0)) timer();
    expect(document.head.querySelector('script[src="/_astro/entry.abc.js"]')).not.toBeNull();
    expect(document.querySelector('link[data-late-style]')).toBeNull();
    // A press: the sheet is added, once, and the entry's scripts find it through window.__lateStyle.
    window.dispatchEvent(new window.Event('keydown'));
    const links = document.querySelectorAll('link[data-late-style]');
    expect(links.length).toBe(1);
    expect(links[0]?.getAttribute('href')).toBe('/_astro/late.xyz.css');
    expect((window as unknown as { __lateStyle: () => unknown }).__lateStyle()).toBe(links[0]);
    expect(document.querySelectorAll('link[data-late-style]').length).toBe(1);
    await window.happyDOM.close();
  });

  it("drops React's text separators outside islands and keeps them inside, where hydration needs them", () => {
    const page = '<p>Rated <!-- -->5.0<!-- --> out of 5</p><astro-island uid="1"><p>Hello <!-- -->Jordan</p></astro-island><p>© <!-- -->2026</p>';
    expect(dropStaticTextSeparators(page)).toBe('<p>Rated 5.0 out of 5</p><astro-island uid="1"><p>Hello <!-- -->Jordan</p></astro-island><p>© 2026</p>');
  });
});
