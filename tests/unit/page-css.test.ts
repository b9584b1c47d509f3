import { describe, expect, it } from 'vitest';
import { keepFirstPaintCss, keepUsedCss, lateCss } from '../../src/build/page-css.mjs';

const css = [
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-unused{syntax:"*";inherits:false}',
  ':root{--color-brand:#123;--color-unused:#456}',
  '.used{color:var(--color-brand)}',
  '.unused{color:red}',
  '.shadow{box-shadow:var(--tw-shadow)}',
  '.md\\:flex{display:flex}',
  '@media (min-width:48rem){.md\\:grid{display:grid}}',
  '[hidden]:where(:not([hidden=until-found])){display:none!important}',
  '.btn:not(.unused){padding:1rem}',
  ':is(.unused,.btn) span{margin:0}',
  'html[data-mode] body{filter:grayscale(1)}',
  '.from-script{opacity:.5}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  'kbd,samp{font-family:monospace}',
  'img,svg,video,canvas{display:block}',
  'textarea{resize:vertical}',
  'dialog::backdrop{opacity:.5}',
].join('');

const page = (body: string) => `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

describe('keepUsedCss (each page keeps only the rules it can use)', () => {
  const kept = styleOf(
    keepUsedCss(page('<div class="used md:flex btn shadow" hidden><span></span><img src="/a.webp" alt=""></div>'), [
      'el.className = "from-script"',
      'jsx("textarea", {})',
      'panel.innerHTML = "<dialog></dialog>"',
    ]),
  );

  it('keeps the rules for classes in the markup, including variants, and drops the rest', () => {
    expect(kept).toContain('.used{');
    expect(kept).toContain('.md\\:flex{');
    expect(kept).not.toContain('.unused{');
    expect(kept).not.toContain('md\\:grid');
    expect(kept).not.toContain('@media');
  });

  it('keeps classes only its scripts add, element and attribute rules, :not() and :is() alternatives, and keyframes', () => {
    expect(kept).toContain('.from-script{');
    expect(kept).toContain('[hidden]:where(:not([hidden=until-found]))');
    expect(kept).toContain('html[data-mode] body');
    expect(kept).toContain('.btn:not(.unused)');
    expect(kept).toContain(':is(.unused,.btn) span');
    expect(kept).toContain('@keyframes spin');
  });

  it("drops the rules for elements neither the page nor its scripts have, and a list's selectors that cannot match", () => {
    expect(kept).not.toContain('kbd');
    expect(kept).toContain('img{display:block}');
    expect(kept).not.toContain('video');
    // Elements its scripts render (React's jsx("textarea")) or whose markup they hold keep their rules.
    expect(kept).toContain('textarea{');
    expect(kept).toContain('dialog::backdrop{');
  });

  it('drops custom properties and registrations that nothing reads', () => {
    expect(kept).toContain('--color-brand:#123');
    expect(kept).not.toContain('--color-unused');
    expect(kept).toContain('@property --tw-shadow');
    expect(kept).not.toContain('--tw-unused');
  });

  it('leaves a page without the site stylesheet alone', () => {
    const plain = '<!doctype html><html><head><style>astro-island{display:contents}</style></head><body></body></html>';
    expect(keepUsedCss(plain, [])).toBe(plain);
  });
});

describe('keepFirstPaintCss and lateCss (the first paint inline, what scripts add in one shared sheet)', () => {
  const sheet = [
    '@layer theme{:root,:host{--spacing:.25rem;--color-ink:#0f172a;--color-set:#fff}}',
    '@layer base{::placeholder{opacity:1}::-webkit-datetime-edit{padding:0}}',
    '@layer components{.card{padding:1rem}}',
    '@layer utilities{.mt-4{margin-top:calc(var(--spacing) * 4)}.-top-3{top:calc(var(--spacing) * -3)}.text-ink{color:var(--color-ink)}',
    '.text-set{color:var(--color-set)}.from-script{opacity:.5}.other-page{color:red}.unused{color:blue}}',
  ].join('');
  const page = (body: string) => `<!doctype html><html><head><style>${sheet}</style></head><body>${body}</body></html>`;
  const scripts = ['el.className = "from-script"', 'root.style.setProperty("--color-set", "#000")'];
  const first = styleOf(keepFirstPaintCss(page('<p class="mt-4 -top-3 text-ink text-set">x</p>'), scripts));

  it('inlines what the markup uses, with the theme constants written in, and leaves what scripts add out', () => {
    expect(first).toContain('.mt-4{margin-top:1rem}');
    expect(first).toContain('.-top-3{top:-.75rem}');
    expect(first).toContain('.text-ink{color:#0f172a}');
    expect(first).not.toContain('--spacing');
    expect(first).not.toContain('--color-ink');
    expect(first).not.toContain('.from-script');
    expect(first).not.toContain('.card');
  });

  it('keeps a theme property a script names as a property, so the script can still set it', () => {
    expect(first).toContain('--color-set:#fff');
    expect(first).toContain('.text-set{color:var(--color-set)}');
  });

  it("declares the layers in the full sheet's order first, so a late sheet cannot reorder them", () => {
    expect(first.startsWith('@layer theme,base,components,utilities;')).toBe(true);
  });

  it("drops form fields' pseudo-elements from a page without fields and keeps them where there are", () => {
    expect(first).not.toContain('::placeholder');
    expect(first).not.toContain('datetime');
    const withField = styleOf(keepFirstPaintCss(page('<input class="mt-4">'), []));
    expect(withField).toContain('::placeholder{opacity:1}');
    expect(withField).toContain('::-webkit-datetime-edit{padding:0}');
  });

  it('makes one late sheet of every rule any page keeps, scripts included, in the order of the stylesheet', () => {
    const late = lateCss(sheet, [
      { html: page('<p class="mt-4">x</p>'), scripts },
      { html: page('<p class="other-page card">x</p>'), scripts: [] },
    ]);
    expect(late.startsWith('@layer theme,base,components,utilities;')).toBe(true);
    for (const rule of ['.card{', '.mt-4{margin-top:1rem}', '.from-script{', '.other-page{']) expect(late).toContain(rule);
    expect(late).not.toContain('.unused');
    expect(late.indexOf('.mt-4')).toBeLessThan(late.indexOf('.from-script'));
    expect(late.indexOf('.from-script')).toBeLessThan(late.indexOf('.other-page'));
  });
});
