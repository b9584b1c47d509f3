/** The one list of the site's pages (platform/site-pages.mjs), over the build: what analytics, IndexNow and the posts' link check read. */
import { describe, expect, it } from 'vitest';
import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { builtSitePages, sitemapPaths } from '../../src/server/platform/site-pages.mjs';
import { builtFiles, clientDir } from '../support/built-site';
import { pagePathFor } from '../../src/build/page-path.mjs';
import path from 'node:path';

describe("the build's pages", () => {
  it('are every HTML page the build wrote and every page its sitemap lists, the blog’s index (on demand) among them', async () => {
    const pages = builtSitePages(clientDir);
    const sitemap = await sitemapPaths(clientDir);
    expect(sitemap).toContain(staticPages.blog.path);
    for (const page of sitemap) expect(pages.has(page), page).toBe(true);
    const html = builtFiles('.html').map((file) => pagePathFor(path.relative(clientDir, file)));
    for (const page of html.filter((p) => p !== '/404')) expect(pages.has(page), page).toBe(true);
    // Not the error page, an API address or the admin.
    for (const notAPage of ['/404', '/api/contact', '/admin', paths.post('no-such-post')]) expect(pages.has(notAPage), notAPage).toBe(false);
  });
});
