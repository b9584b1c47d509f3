import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { caddyStaticSnippet } from '../../src/server/platform/http/caddy-static.mjs';
import { imagePreloadLink, pagePreloadLink } from '../../src/build/preload.mjs';

const picture =
  '<picture><source type="image/avif" srcset="/c-400.avif 400w, /c-800.avif 800w" sizes="(min-width: 768px) 48rem, 100vw"/>' +
  '<source type="image/webp" srcset="/c-400.webp 400w, /c-800.webp 800w" sizes="(min-width: 768px) 48rem, 100vw"/>' +
  '<img src="/c-800.webp" alt="Cover" width="1600" height="900" fetchpriority="high" class="mt-8"/></picture>';

describe("a page's cover asked for with the page (Link: rel=preload)", () => {
  it("names the high-priority picture's first source: its type, srcset and sizes, so the browser picks the file the picture will", () => {
    const link = pagePreloadLink(`<html><body><h1>Post</h1>${picture}</body></html>`);
    expect(link).toBe(
      '</c-400.avif>; rel=preload; as=image; type="image/avif"; imagesrcset="/c-400.avif 400w, /c-800.avif 800w"; imagesizes="(min-width: 768px) 48rem, 100vw"; fetchpriority=high',
    );
    expect(link).toBe(
      imagePreloadLink({ href: '/c-400.avif', type: 'image/avif', srcset: '/c-400.avif 400w, /c-800.avif 800w', sizes: '(min-width: 768px) 48rem, 100vw' }),
    );
  });

  it('gives none for a page whose pictures are not its largest paint (lazy, no fetchpriority) or that has none', () => {
    expect(pagePreloadLink(`<p>x</p>${picture.replace(' fetchpriority="high"', ' loading="lazy"')}`)).toBeUndefined();
    expect(pagePreloadLink('<p>No picture</p><img src="/a.webp" alt="" fetchpriority="high">')).toBeUndefined();
  });

  it('is sent by Caddy with the page', () => {
    const link = pagePreloadLink(picture) ?? '';
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'preload-'));
    mkdirSync(path.join(clientDir, 'blog/post'), { recursive: true });
    writeFileSync(path.join(clientDir, 'blog/post/index.html'), picture);
    const snippet = caddyStaticSnippet({ clientDir, csp: { frameSrc: [], pages: { '/blog/post': [] }, links: { '/blog/post': link } } });
    rmSync(clientDir, { recursive: true, force: true });
    expect(snippet).toContain(`header @hale_link_0 Link ${JSON.stringify(link)}`);
    expect(snippet).toContain('@hale_link_0 path /blog/post\n');
  });
});
