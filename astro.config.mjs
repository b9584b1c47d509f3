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
  integrations: [
    react(),
    {
      name: 'interaction-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './src/lib/interaction-directive.ts' });
        },
      },
    },
  ],
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  prefetch: false,
  // Astro's origin check rejects form posts whose Origin differs from the URL it reconstructs, which behind a
  // TLS-terminating proxy is every post: a lost lead. The contact form has no session to forge; abuse is handled by
  // the rate limit, honeypot and validation instead.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  markdown: { remarkPlugins: [remarkFacts] },
  vite: { plugins: [tailwindcss()] },
});
