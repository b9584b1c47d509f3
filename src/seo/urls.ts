import { settings } from '~/config/settings.mjs';

/** Absolute URLs from the configured public origin (SITE_URL at build time). */

export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const origin = settings().siteUrl;
  if (path === '/') return `${origin}/`;
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The site's own social card (for pages not meant for search or sharing), and the size of every card. */
export const socialImage = { path: '/og/default.png', width: 1200, height: 630 } as const;

/** Where a page's own social card is built: /og/home.png for the home page, /og/services/seo.png for /services/seo. */
export function socialCardPath(pagePath: string): string {
  return `/og/${pagePath === '/' ? 'home' : pagePath.replace(/^\/|\/$/g, '')}.png`;
}

/** The page's address as shown on its card: host and path, no scheme. */
export function displayUrl(pagePath: string): string {
  return absoluteUrl(pagePath)
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');
}

/** The social image of a page: its own card, or the site's card for pages that have none. */
export function socialImageFor(pagePath: string | null) {
  return {
    url: absoluteUrl(pagePath === null ? socialImage.path : socialCardPath(pagePath)),
    width: socialImage.width,
    height: socialImage.height,
  };
}

/** The site's own card: the business's image in structured data. */
export const defaultImage = () => socialImageFor(null);
