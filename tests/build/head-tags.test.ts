/**
 * What every route's HTML says to search engines and social sites, read from the built files (no browser needed):
 * its own title and description, canonical, Open Graph and Twitter tags, one h1 and no skipped heading level, valid
 * JSON-LD with the types the page must carry, and breadcrumbs that match their structured data.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import yaml from 'js-yaml';
import { expect, it } from 'vitest';
import { settings } from '../../src/config/settings.mjs';
import { staticPages } from '../../src/config/pages';
import { paths } from '../../src/config/paths';
import { snippetLimits } from '../../src/config/search-snippet.mjs';
import { readingMinutes, wordCount } from '../../src/lib/reading';
import { pageTitle } from '../../src/seo/head';
import { socialCardPath } from '../../src/seo/urls';
import { builtFileFor, clientDir } from '../support/built-site';
import { expectedRoutes, onDemandRoutes } from '../support/routes';

const siteOrigin = settings().siteUrl;

const today = new Date().toISOString().slice(0, 10);

function documentOf(file: string) {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  window.document.write(readFileSync(file, 'utf8'));
  return window.document;
}

/** Every JSON-LD node on a page, with @graph arrays flattened. */
function jsonLdNodes(blocks: string[]): Record<string, unknown>[] {
  return blocks.flatMap((text) => {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return Array.isArray(parsed['@graph']) ? (parsed['@graph'] as Record<string, unknown>[]) : [parsed];
  });
}

it('every route has its own head tags, one h1, valid JSON-LD and matching breadcrumbs', () => {
  expect(existsSync(clientDir), 'run "npm run build" first').toBe(true);
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  // The blog is rendered on demand: tests/integration/posts.test.ts checks its head tags through the server.
  for (const route of expectedRoutes.filter((r) => !onDemandRoutes.includes(r.path))) {
    const file = builtFileFor(route.path);
    expect(existsSync(file), `${route.path} is built`).toBe(true);
    const document = documentOf(file);
    const attribute = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;

    const title = document.title;
    expect(title.length, `${route.path} title`).toBeGreaterThan(10);
    expect(title.length, `${route.path} title ≤ ${snippetLimits.titleMax}`).toBeLessThanOrEqual(snippetLimits.titleMax);
    expect(titles.has(title), `${route.path} title unique`).toBe(false);
    titles.add(title);

    const description = attribute('meta[name="description"]', 'content') ?? '';
    // The same bounds the site checks and the AI tools hold descriptions to.
    expect(description.length, `${route.path} description ≥ ${snippetLimits.descriptionMin}`).toBeGreaterThanOrEqual(snippetLimits.descriptionMin);
    expect(description.length, `${route.path} description ≤ ${snippetLimits.descriptionMax}`).toBeLessThanOrEqual(snippetLimits.descriptionMax);
    expect(descriptions.has(description), `${route.path} description unique`).toBe(false);
    descriptions.add(description);

    expect(attribute('html', 'lang'), route.path).toBe('en-GB');
    expect(attribute('meta[name="viewport"]', 'content'), route.path).toMatch(/maximum-scale=5/);
    expect(attribute('link[rel="canonical"]', 'href'), route.path).toBe(route.path === '/' ? `${siteOrigin}/` : `${siteOrigin}${route.path}`);
    expect(attribute('meta[property="og:title"]', 'content'), route.path).toBe(title);
    // Its own card (social-cards.test.ts checks every card's file, size and difference).
    expect(attribute('meta[property="og:image"]', 'content'), route.path).toBe(`${siteOrigin}${socialCardPath(route.path)}`);
    expect(attribute('meta[name="twitter:card"]', 'content'), route.path).toBe('summary_large_image');
    expect(document.querySelectorAll('h1').length, `${route.path} has one h1`).toBe(1);
    // Headings never skip a level on the way down (h1 then h3 with no h2 between).
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((el) => Number(el.tagName[1]));
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `${route.path}: heading ${i + 1} is h${level} after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });

    const nodes = jsonLdNodes([...document.querySelectorAll('script[type="application/ld+json"]')].map((el) => el.textContent ?? ''));
    for (const node of nodes) expect(node['@context'], route.path).toBe('https://schema.org');
    const types = nodes.map((n) => n['@type']);
    expect(types, route.path).toContain('ProfessionalService');
    for (const type of route.types) expect(types, `${route.path} has ${type}`).toContain(type);
    // Only pages that really have such content carry these.
    if (!route.types.includes('HowTo')) expect(types, route.path).not.toContain('HowTo');
    expect(types).not.toContain('VideoObject');

    // Offers must be valid today: an expired validThrough is an error in Google's validator.
    const json = JSON.stringify(nodes);
    for (const [, through] of json.matchAll(/"validThrough":"([^"]+)"/g)) expect(through! >= today, route.path).toBe(true);
    for (const [, from] of json.matchAll(/"validFrom":"([^"]+)"/g)) expect(from! <= today, route.path).toBe(true);

    const breadcrumbNav = document.querySelector('nav[aria-label="Breadcrumb"]');
    const list = nodes.find((n) => n['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string; position: number }[] } | undefined;
    if (route.trail.length === 0) {
      expect(breadcrumbNav, route.path).toBeNull();
      expect(list).toBeUndefined();
      continue;
    }
    expect(breadcrumbNav, `${route.path} has breadcrumbs`).not.toBeNull();
    const visible = [...breadcrumbNav!.querySelectorAll('li')].map((li) => (li.textContent ?? '').replace('/', '').trim());
    expect(visible[0]).toBe('Home');
    expect(visible.length, route.path).toBe(route.trail.length + 1);
    route.trail.forEach((label, i) => {
      if (label !== '*') expect(visible[i + 1], route.path).toBe(label);
    });
    expect(
      list?.itemListElement.map((i) => i.name),
      route.path,
    ).toEqual(visible);
    expect(list?.itemListElement.at(-1)?.item).toBe(`${siteOrigin}${route.path}`);
    expect(list?.itemListElement.map((i) => i.position)).toEqual(visible.map((_, i) => i + 1));
    expect(breadcrumbNav!.querySelector('[aria-current="page"]')?.textContent?.trim(), route.path).toBe(visible.at(-1));
  }
});

it('every built post: its title as pageTitle brands it, the trail Home › Blog › post, the reading time rounded up', () => {
  const dir = 'src/content/posts';
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.md'))) {
    const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(path.join(dir, file), 'utf8'))!;
    const data = yaml.load(frontMatter!) as { name: string; title: string };
    const sitePath = paths.post(file.replace(/\.md$/, ''));
    const document = documentOf(builtFileFor(sitePath));
    expect(document.title, sitePath).toBe(pageTitle(data.title));
    const trail = [staticPages.home.name, staticPages.blog.name, data.name];
    const visible = [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map((li) => (li.textContent ?? '').replace('/', '').trim());
    expect(visible, sitePath).toEqual(trail);
    const list = jsonLdNodes([...document.querySelectorAll('script[type="application/ld+json"]')].map((el) => el.textContent ?? '')).find(
      (n) => n['@type'] === 'BreadcrumbList',
    ) as { itemListElement: { name: string; item: string }[] };
    expect(
      list.itemListElement.map((i) => i.name),
      sitePath,
    ).toEqual(trail);
    expect(list.itemListElement[1]!.item, sitePath).toBe(`${siteOrigin}${staticPages.blog.path}`);
    // The same count and rule as an admin post's page (tests/integration/posts.test.ts).
    expect(document.body.textContent, sitePath).toContain(`${readingMinutes(wordCount(body))} min read`);
  }
});
