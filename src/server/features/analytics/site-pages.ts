/**
 * The titles of the site's pages, for the dashboard. Which pages a visit is counted on is the one list of the site's
 * pages (platform/site-pages.mjs): a beacon naming anything else, a made-up path or the admin in any spelling, is not
 * counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { paths } from '~/config/paths';
import type { Db } from '../../db';
import { builtPaths } from '../../platform/http/page-path.mjs';
import { postTitlesBySlug } from '../posts';

const headCache = new Map<string, Map<string, { title: string; description: string | null }>>();

/**
 * Each built page's title, as its <title> says (without the business name after a bar), and its meta description,
 * so the dashboard shows a page as its path and its title, and the AI's prompt starts from what the page says now.
 * Read once per build directory.
 */
export function builtPageHeads(clientDir: string): Map<string, { title: string; description: string | null }> {
  const cached = headCache.get(clientDir);
  if (cached) return cached;
  const heads = new Map<string, { title: string; description: string | null }>();
  if (existsSync(clientDir)) {
    for (const file of builtPaths(clientDir)) {
      if (!file.page) continue;
      const base = path.join(clientDir, file.path.slice(1));
      const found = [path.join(base, 'index.html'), `${base}.html`].find((candidate) => existsSync(candidate));
      if (!found) continue;
      const html = readFileSync(found, 'utf8').slice(0, 20_000);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      if (title) heads.set(file.path, { title: decodeEntities(title).split(' | ')[0]!.trim(), description: description ? decodeEntities(description) : null });
    }
  }
  headCache.set(clientDir, heads);
  return heads;
}

/** Each built page's title (builtPageHeads). */
export function builtPageTitles(clientDir: string): Map<string, string> {
  return new Map([...builtPageHeads(clientDir)].map(([page, head]) => [page, head.title]));
}

/**
 * Every page's title: the built pages' and the posts written in the admin (read from the posts table on each call, as
 * they are not part of the build and change without one), so an admin post's row in a list has its title too.
 */
export async function pageTitles(db: Db, clientDir: string): Promise<Map<string, string>> {
  const titles = new Map(builtPageTitles(clientDir));
  for (const [slug, title] of await postTitlesBySlug(db)) titles.set(paths.post(slug), title);
  return titles;
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => entities[e]!);
