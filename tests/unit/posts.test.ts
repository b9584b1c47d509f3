/** An admin post's Markdown as the public page shows it (sanitised), the editor's live SEO checks, slugs and UK times. */
import { describe, expect, it } from 'vitest';
import { londonLocalToUtc, postChecks, slugify, utcToLondonLocal } from '../../src/lib/posts';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import { markdownRenderer, srcsetUrls } from '../../src/server/features/posts/markdown';

const siteOrigin = 'https://www.hale-digital.example';

describe('Markdown of an admin post', () => {
  const render = markdownRenderer(siteOrigin);

  it('keeps GitHub-flavoured Markdown and drops scripts, frames, handlers and javascript: links', () => {
    const html = render(
      [
        '## Heading',
        '',
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
        '',
        '<script>alert(1)</script>',
        '<iframe src="https://evil.example"></iframe>',
        '<img src="/og/default.png" alt="ok" onerror="alert(1)">',
        '<a href="javascript:alert(1)">click</a>',
        '<div style="position:fixed" onclick="x()">text</div>',
        '<form action="https://evil.example"><input name="p"></form>',
      ].join('\n'),
    );
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<table>');
    expect(html).not.toMatch(/<script|<iframe|onerror|onclick|javascript:|<form|<input|style=/i);
    expect(html).toContain('<img src="/og/default.png" alt="ok" loading="lazy" decoding="async">');
  });

  it('gives links to other sites rel="noopener", and keeps images only from the site', () => {
    const html = render(
      '[out](https://other.example/page) [in](/about) [abs](https://www.hale-digital.example/blog)\n\n![a cat](https://cdn.other.example/cat.png) ![ours](/media/x.webp)',
    );
    expect(html).toContain('<a href="https://other.example/page" rel="noopener">out</a>');
    expect(html).toContain('<a href="/about">in</a>');
    expect(html).toContain('<a href="https://www.hale-digital.example/blog">abs</a>');
    expect(html).not.toContain('cdn.other.example');
    expect(html).toContain('a cat');
    expect(html).toContain('src="/media/x.webp"');
  });

  it('fetches nothing from another site through any URL attribute: each srcset candidate, poster, src, and named URLs', () => {
    const evil = 'evil.example';
    const cases = [
      '<picture><source srcset="https://evil.example/p.png"><img src="/a.png" alt="A"></picture>',
      '<picture><source srcset="/a.png 1x, https://evil.example/p.png 2x"><img src="/a.png" alt="A"></picture>',
      '<picture><source srcset="/a.png 1x,//evil.example/p.png 2x"><img src="/a.png" alt="A"></picture>',
      '<picture><source srcset="/a.png 480w, /\\evil.example/p.png 960w"><img src="/a.png" alt="A"></picture>',
      '<picture><source media="(min-width: 40em)" srcset="https://evil.example/p.png 1x"><img src="/a.png" alt="A"></picture>',
      '<img src="https://evil.example/p.png" alt="A">',
      '<img src="/a.png" srcset="https://evil.example/p.png 2x" alt="A">',
      '<video src="https://evil.example/v.mp4" poster="https://evil.example/p.png"></video>',
      '<audio src="https://evil.example/a.mp3"></audio>',
      '<img src="/a.png" longdesc="https://evil.example/d" alt="A">',
      '<blockquote cite="https://evil.example/q">quoted</blockquote>',
      '<del cite="https://evil.example/q">old</del> <ins cite="https://evil.example/q">new</ins> <q cite="https://evil.example/q">said</q>',
      '<div itemscope itemtype="https://evil.example/Thing">thing</div>',
    ];
    for (const markdown of cases) expect(render(markdown), markdown).not.toContain(evil);
    // The site's own stay, each candidate of them.
    const own = render('<picture><source srcset="/a.png 1x, https://www.hale-digital.example/b.png 2x"><img src="/a.png" alt="A"></picture>');
    expect(own).toContain('<source srcset="/a.png 1x, https://www.hale-digital.example/b.png 2x">');
    expect(render('<blockquote cite="/about">ours</blockquote>')).toContain('<blockquote cite="/about">');
  });

  it('reads a srcset as a browser does: a comma inside a URL does not end it', () => {
    expect(srcsetUrls('/a.png 1x, https://evil.example/p.png 2x')).toEqual(['/a.png', 'https://evil.example/p.png']);
    expect(srcsetUrls('/a,https://evil.example/p.png 2x')).toEqual(['/a,https://evil.example/p.png']);
    expect(srcsetUrls('/a.png,, /b.png 480w (x, y), /c.png')).toEqual(['/a.png', '/b.png', '/c.png']);
  });
});

describe('live SEO checks and UK times', () => {
  const known = new Set(['/', '/about', '/blog']);
  const ids = (body: string, extra: Partial<{ title: string; description: string }> = {}) =>
    postChecks({ title: 'A fine title', description: 'd'.repeat(130), body, coverId: null, coverAlt: '', ...extra }, known).map((c) => c.rule);

  it('use the site checker’s rules and bounds', () => {
    expect(ids('## One\n\nText [about](/about).')).toEqual([]);
    expect(ids('# Second h1')).toEqual(['h1-multiple']);
    expect(ids('## A\n\n#### Skipped')).toEqual(['heading-skip']);
    expect(ids('![](/img.png)')).toEqual(['img-alt-missing']);
    expect(ids('[gone](/no-such-page)')).toEqual(['broken-link']);
    expect(ids('', { title: 'x'.repeat(61) })).toEqual(['title-too-long']);
    expect(ids('', { description: 'short' })).toEqual(['description-length']);
    expect(ids('', { title: '' })).toEqual(['title-missing']);
    const check = postChecks({ title: '', description: '', body: '', coverId: null, coverAlt: '' }, known)[0]!;
    expect(check.fix).toBe(rules['title-missing']!.fix);
  });

  it('make slugs, and read datetime-local values as London time (GMT and BST)', () => {
    expect(slugify('Local SEO: 5 Tips & Tricks for Cafés!')).toBe('local-seo-5-tips-and-tricks-for-cafes');
    expect(londonLocalToUtc('2026-12-01T09:30')).toBe(Date.UTC(2026, 11, 1, 9, 30));
    expect(londonLocalToUtc('2026-07-01T09:30')).toBe(Date.UTC(2026, 6, 1, 8, 30));
    expect(utcToLondonLocal(Date.UTC(2026, 6, 1, 8, 30))).toBe('2026-07-01T09:30');
    expect(londonLocalToUtc('yesterday')).toBeNull();
  });
});
