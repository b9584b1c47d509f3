import type { APIRequestContext } from '@playwright/test';
import { siteOrigin } from '../../src/config/origin.mjs';

export { siteOrigin };

/** Site-relative paths listed in the sitemap. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/(.)\/$/, '$1'));
}

/** Every JSON-LD node on a page, with @graph arrays flattened. */
export function parseJsonLd(blocks: string[]): Record<string, unknown>[] {
  return blocks.flatMap((text) => {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return Array.isArray(parsed['@graph']) ? (parsed['@graph'] as Record<string, unknown>[]) : [parsed];
  });
}
