import { siteOrigin as origin } from '~/config/origin.mjs';

/** Absolute URLs from the configured public origin (SITE_URL at build time). */

export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (path === '/') return `${origin}/`;
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

export const socialImage = { path: '/og/default.png', width: 1200, height: 630 } as const;

export function defaultImage() {
  return { url: absoluteUrl(socialImage.path), width: socialImage.width, height: socialImage.height };
}
