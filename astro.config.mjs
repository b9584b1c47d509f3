// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedFrameOrigins } from './src/config/business.ts';
import { settings } from './src/config/settings.mjs';
import { remarkFacts } from './src/lib/remark-facts.ts';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { inlineScriptHashes, scriptHash } from './src/build/inline-scripts.mjs';
import { keepFirstPaintCss, keepUsedCss, lateCss, loadableTextsOfPage, siteStyleOf } from './src/build/page-css.mjs';
import { lateStylesFile, scriptsNamedBy, styleKey } from './src/build/late-style.mjs';
import { transformSync } from 'esbuild';
import {
  deferredEntryScript,
  dropStaticTextSeparators,
  loadModuleScriptsAfterLoad,
  minifyInlineScripts,
  moveIslandStyleToHead,
} from './src/build/page-html.mjs';
import { auditFormScript, auditProgressScript, rememberReportDetailsScript } from './src/lib/audit-form-script.ts';
import { pagePathFor } from './src/build/page-path.mjs';
import { pagePreloadLink } from './src/build/preload.mjs';

/**
 * After the build, every pre-rendered page: its island style moved into its head (valid HTML), its module scripts
 * added after the first paint, React's text separators dropped outside islands, its stylesheet cut to what its markup
 * uses, the rules for what its scripts add left to one late stylesheet the pages share, which the scripts wait for
 * (src/build/page-html.mjs, page-css.mjs; dist/server/late-styles.json names it for the pages rendered on demand), its inline scripts minified, and the hashes of its inline scripts kept for
 * the Content-Security-Policy header the HTTP front sends with it (dist/server/csp.json), with its cover's preload Link header if it has one. Each inline script's minified
 * form is kept too (dist/server/inline-scripts.json), for the pages rendered on demand. csp.json also lists as `known`
 * every inline script the site can emit in a page rendered on demand, the only ones such a page may run: those of the
 * built pages, Astro's island and hydration-directive scripts, the deferred entry script for each built script, and
 * the site's own inline scripts of on-demand pages (each as written and minified, as an on-demand page may carry either).
 * @returns {import('astro').AstroIntegration}
 */
function finishPages() {
  /** @type {URL} */
  let serverDir;
  /** @type {string[]} Astro's hydration-directive scripts, as it writes them in pages. */
  let directiveScripts = [];
  return {
    name: 'finish-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:ssr': ({ manifest }) => {
        directiveScripts = manifest.clientDirectives.map(([, script]) => script);
      },
      'astro:build:done': ({ dir }) => {
        const clientDir = fileURLToPath(dir);
        /** @type {Map<string, string>} */
        const scriptCache = new Map();
        /** @type {Record<string, string[]>} */
        const pages = {};
        /** @type {Record<string, string>} a page's preload Link header (its cover), by page path (src/build/preload.mjs) */
        const links = {};
        /** @type {Record<string, string>} the minified form of each inline script, by its source */
        const minified = {};
        // The same ES level as the scripts are written in, so the minifier brings in no newer syntax.
        const minify = (/** @type {string} */ source) =>
          (minified[source] ??= transformSync(source, { minify: true, target: 'es2020', loader: 'js' }).code.trim());
        const drafts = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.html'))
          .map((file) => {
            const html = readFileSync(path.join(clientDir, file), 'utf8');
            const moved = moveIslandStyleToHead(html);
            return { file, html, moved, texts: loadableTextsOfPage(moved, clientDir, scriptCache) };
          });
        // One late stylesheet for the pages sharing a site stylesheet: the rules for what their scripts add.
        /** @type {Record<string, import('./src/build/late-style.mjs').LateStyle>} */
        const lateStyles = {};
        /** @type {Map<string, { css: string, group: typeof drafts }>} */
        const groups = new Map();
        for (const draft of drafts) {
          const css = siteStyleOf(draft.moved);
          if (css) groups.set(styleKey(css), { css, group: [...(groups.get(styleKey(css))?.group ?? []), draft] });
        }
        for (const [key, { css, group }] of groups) {
          const text = lateCss(
            css,
            group.map((draft) => ({ html: draft.moved, scripts: draft.texts })),
          );
          const name = `late.${createHash('sha256').update(text).digest('base64url').slice(0, 10)}.css`;
          writeFileSync(path.join(clientDir, '_astro', name), text);
          lateStyles[key] = { href: `/_astro/${name}`, scripts: [...new Set(group.flatMap((draft) => scriptsNamedBy(draft.moved)))] };
        }
        writeFileSync(new URL(lateStylesFile, serverDir), JSON.stringify(lateStyles));
        for (const { file, html, moved, texts } of drafts) {
          const css = siteStyleOf(moved);
          const late = css ? lateStyles[styleKey(css)] : undefined;
          const page = minifyInlineScripts(dropStaticTextSeparators(loadModuleScriptsAfterLoad(moved, late?.href)), minify);
          const final = late ? keepFirstPaintCss(page, texts) : keepUsedCss(page, texts);
          if (final !== html) writeFileSync(path.join(clientDir, file), final);
          pages[pagePathFor(file)] = inlineScriptHashes(final);
          const link = pagePreloadLink(final);
          if (link) links[pagePathFor(file)] = link;
        }
        const builtScripts = readdirSync(path.join(clientDir, '_astro')).filter((name) => name.endsWith('.js'));
        const onDemandScripts = [
          islandScript,
          ...directiveScripts,
          auditFormScript,
          auditProgressScript,
          rememberReportDetailsScript,
          ...builtScripts.map((name) => deferredEntryScript(`/_astro/${name}`)),
          ...Object.values(lateStyles).flatMap((late) => builtScripts.map((name) => deferredEntryScript(`/_astro/${name}`, late.href))),
        ];
        // Written and minified: an on-demand page gets the minified form of any script a built page has
        // (inline-scripts.json), and the script as written otherwise.
        // Every built page's scripts as written too: a page rendered on demand outside the blog is not minified.
        const known = new Set([
          ...Object.values(pages).flat(),
          ...Object.keys(minified).map(scriptHash),
          ...onDemandScripts.flatMap((script) => [scriptHash(script), scriptHash(minify(script))]),
        ]);
        writeFileSync(new URL('csp.json', serverDir), JSON.stringify({ frameSrc: embeddedFrameOrigins, pages, known: [...known], links }));
        writeFileSync(new URL('inline-scripts.json', serverDir), JSON.stringify(minified));
      },
    },
  };
}

const siteOrigin = settings().siteUrl;
const site = new URL(siteOrigin);

/**
 * Version, commit and time of this build (the commit is unknown outside a git checkout), and the public origin its
 * pages name: the running server compares it with its own SITE_URL (src/server/platform/site-url.ts).
 */
function buildInfo() {
  const version = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout.
  }
  return { version, commit, builtAt: new Date().toISOString(), siteUrl: siteOrigin };
}

export default defineConfig({
  // Canonical URLs, the sitemap and structured data are absolute, so the public origin is fixed at build time.
  site: siteOrigin,
  output: 'static',
  // Middleware mode: Astro renders routes; scripts/start.mjs and its HTTP front serve files and set headers.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    finishPages(),
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
  // Cross-site form posts are refused (403). Astro rebuilds the request URL from Host and, when the HTTP front has
  // kept them (TRUST_PROXY), X-Forwarded-Proto/-Host, believing only these domains: the public site and loopback.
  security: {
    checkOrigin: true,
    allowedDomains: [
      { hostname: site.hostname, protocol: site.protocol.slice(0, -1), ...(site.port && { port: site.port }) },
      { hostname: 'localhost' },
      { hostname: '127.0.0.1' },
      { hostname: '[::1]' },
    ],
  },
  devToolbar: { enabled: false },
  markdown: { remarkPlugins: [remarkFacts] },
  vite: {
    plugins: [tailwindcss()],
    // What the admin's status panel shows about this build.
    define: { __BUILD_INFO__: JSON.stringify(buildInfo()) },
  },
});
