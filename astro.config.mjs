// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { siteOrigin } from './src/config/origin.mjs';
import { remarkFacts } from './src/lib/remark-facts.ts';

export default defineConfig({
  // Canonical URLs, the sitemap and structured data are absolute, so the public origin is fixed at build time.
  site: siteOrigin,
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  markdown: { remarkPlugins: [remarkFacts] },
  vite: { plugins: [tailwindcss()] },
});
