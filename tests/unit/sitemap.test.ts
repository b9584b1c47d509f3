import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../../src/server/platform/sitemap.mjs';

describe('the sitemap parser', () => {
  it('reads a urlset as XML: entities, CDATA, white space, other elements beside loc', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url><loc>
          https://www.example.co.uk/search?a=1&amp;b=2
        </loc><lastmod>2026-11-01</lastmod><image:image><image:loc>https://www.example.co.uk/i.png</image:loc></image:image></url>
        <url><loc><![CDATA[https://www.example.co.uk/a&b]]></loc></url>
      </urlset>`;
    expect(parseSitemap(xml)).toEqual({ kind: 'urlset', locations: ['https://www.example.co.uk/search?a=1&b=2', 'https://www.example.co.uk/a&b'] });
  });

  it('reads a sitemap index, and one entry alone', () => {
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://x.example/one.xml</loc></sitemap></sitemapindex>')).toEqual({
      kind: 'sitemapindex',
      locations: ['https://x.example/one.xml'],
    });
    expect(parseSitemap('<urlset><url><loc>https://x.example/</loc></url></urlset>').locations).toEqual(['https://x.example/']);
  });

  it('says when a document is not a sitemap, or lists nothing', () => {
    expect(parseSitemap('<html><body>Not a sitemap</body></html>')).toEqual({ kind: null, locations: [] });
    expect(parseSitemap('not xml <<<')).toEqual({ kind: null, locations: [] });
    expect(parseSitemap('<urlset></urlset>')).toEqual({ kind: 'urlset', locations: [] });
  });
});
