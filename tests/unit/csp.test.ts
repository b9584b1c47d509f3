/** The Content-Security-Policy's inline script hashes: read from the page as a browser parses it, and only the site's own. */
import { describe, expect, it } from 'vitest';
import { auditFormScript } from '../../src/lib/audit-form-script';
import { inlineScriptHashes, inlineScripts, scriptHash } from '../../src/build/inline-scripts.mjs';

const own = 'document.documentElement.classList.add("js")';

/** A page as a post could make it: the site's script, then hostile text wherever the page may carry it. */
const hostile = [
  '<!doctype html><html><head>',
  `<script>${own}</script>`,
  '<meta property="og:title" content="</script><script>alert(9)</script>">',
  '<title>&lt;/script&gt;&lt;script&gt;alert(8)&lt;/script&gt;</title>',
  '<!-- <script>alert(7)</script> -->',
  '<script type="application/ld+json">{"headline":"<\\/script>"}</script>',
  '</head><body>',
  '<p title="<script>alert(6)</script>">text</p>',
  '<textarea><script>alert(5)</script></textarea>',
  '<noscript><script>alert(4)</script></noscript>',
  '<template><script>alert(3)</script></template>',
  '<script src="/_astro/entry.js"></script>',
  '<script>alert(2)</script>',
  '</body></html>',
].join('');

describe('inline script hashes', () => {
  it('finds only the script elements a browser would run: none in an attribute, a comment, raw text, a template or a data block', () => {
    expect(inlineScripts(hostile)).toEqual([own, 'alert(2)']);
    const hashes = inlineScriptHashes(hostile);
    for (const n of [9, 8, 7, 6, 5, 4, 3]) expect(hashes, `alert(${n})`).not.toContain(scriptHash(`alert(${n})`));
  });

  it('given the scripts the site emits, allows only those: an injected script element never allows itself', () => {
    const known = new Set([scriptHash(own), scriptHash(auditFormScript)]);
    expect(inlineScriptHashes(hostile, known)).toEqual([scriptHash(own)]);
    expect(inlineScriptHashes(`<body><script>${auditFormScript}</script><script>${own}</script><script>${own}</script>`, known)).toEqual([
      scriptHash(auditFormScript),
      scriptHash(own),
    ]);
  });

  it('hashes what the browser hashes: the script text as written, entities and all', () => {
    expect(inlineScripts('<script>if (a &amp;&amp; b) x()</script>')).toEqual(['if (a &amp;&amp; b) x()']);
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });
});
