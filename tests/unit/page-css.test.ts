import { describe, expect, it } from 'vitest';
import { keepUsedCss } from '../../src/build/page-css.mjs';

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
