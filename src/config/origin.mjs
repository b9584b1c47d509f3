// The public origin used for canonical URLs, the sitemap and structured data. Plain JavaScript because
// astro.config.mjs, the tests and the benchmarks read it outside TypeScript.
export const siteOrigin = (process.env.SITE_URL ?? 'https://www.hale-digital.example').replace(/\/$/, '');
