// The public origin used for canonical URLs, the sitemap and structured data (SITE_URL, read at build time).
// Plain JavaScript because astro.config.mjs, the tests and the benchmarks read it outside TypeScript.
import { settings } from './settings.mjs';

export const siteOrigin = settings().siteUrl;
