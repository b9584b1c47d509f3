import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { fontSizeBounds } from '../../src/config/accessibility';
import { defaultPreferences, storageKey, toggleKeys } from '../../src/lib/a11y-prefs';
import { settings } from '../../src/config/settings.mjs';
import { expectedRoutes } from './routes';

export const siteOrigin = settings().siteUrl;

/**
 * Posts the posts spec publishes (and unpublishes) while other specs run: their slugs start so, and the specs that
 * compare the sitemap with the site's routes leave them out (posts.spec.ts tests them).
 */
export const e2ePostPrefix = '/blog/e2e-';

/** Site-relative paths listed in the sitemap (the posts spec's own aside). */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname.replace(/(.)\/$/, '$1'))
    .filter((path) => !path.startsWith(e2ePostPrefix));
}

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The WCAG 2.2 AA violations axe finds on the page, or in the part `include` selects, each with the elements it names. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(wcagTags);
  const rendered = await renderDeferredSections(page);
  try {
    const results = await (include ? builder.include(include) : builder).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    await rendered.undo();
  }
}

/**
 * Renders the sections the browser leaves unrendered until they near the viewport (`content-visibility: auto`, the
 * home page's `[data-reveal]` sections), until `undo`. Measured while skipped, such a section's content is laid out
 * where it will be but the section's box keeps its guessed height, so the content seems to lie over what follows (axe
 * read a link over the footer's dark background); a visitor never sees that, since a section is rendered before it is
 * painted. So a check of geometry or colour sees each section as it is painted.
 */
export async function renderDeferredSections(page: Page): Promise<{ undo: () => Promise<void> }> {
  const id = 'e2e-render-deferred';
  await page.evaluate((styleId) => {
    const style = document.createElement('style');
    style.id = styleId;
    style.textContent = '[data-reveal] { content-visibility: visible !important; }';
    document.head.append(style);
  }, id);
  return { undo: () => page.evaluate((styleId) => document.getElementById(styleId)?.remove(), id) };
}

/** Fails, under `label`, with each WCAG 2.2 AA violation axe finds on the page (or in the part `include` selects). */
export async function expectNoAxeViolations(page: Page, label?: string, include?: string) {
  expect(await axeViolations(page, include), label).toEqual([]);
}

/** How far the page scrolls sideways: more than 0 when something is wider than the viewport. */
export const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Fails, under `label`, when the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, label?: string) {
  expect(await sidewaysScroll(page), label).toBeLessThanOrEqual(0);
}

/** What the browser walks visit: every public route and the not-found page. */
export const walkPaths = [...expectedRoutes.map((r) => r.path), '/no-such-page-here'];

/** Every island hydrated: interaction islands are given the focus event they wait for, the others come on their own. */
export async function hydrateAll(page: Page) {
  await page.$$eval('astro-island[ssr]', (islands) => islands.forEach((island) => island.dispatchEvent(new FocusEvent('focusin'))));
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/**
 * Records every Content-Security-Policy violation from the first byte of each page on, and any "Refused to …" the
 * console reports; `take()` returns what was seen since the last call.
 */
export async function watchCspViolations(page: Page) {
  let console: string[] = [];
  page.on('console', (message) => /Content Security Policy|Refused to/i.test(message.text()) && console.push(message.text()));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return {
    async take() {
      const seen = [...(await page.evaluate(() => window.__cspViolations.splice(0))), ...console];
      console = [];
      return seen;
    },
  };
}

/** Every accessibility mode on, saved as the panel saves it, so the head script applies them before first paint. */
export async function allModesOn(page: Page) {
  const prefs = { ...defaultPreferences(), fontSize: fontSizeBounds.max, ...Object.fromEntries(toggleKeys.map((key) => [key, true])) };
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [storageKey, JSON.stringify(prefs)]);
}
