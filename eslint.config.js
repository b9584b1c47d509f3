// ESLint: TypeScript (typed rules off to keep it quick), React hooks, accessibility of JSX, Astro components.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = ['**/server/runtime', '**/server/runtime.ts', '../runtime', '../../runtime', '../../../runtime', '**/server/migrate.mjs', '**/middleware'];
const features = ['**/server/features/**', '../features/**', '../../features/**', '**/features/**'];
const api = ['**/server/api/**', '../api/**', '../../api/**'];
const platform = ['**/server/platform/**', '../platform/**', '../../platform/**'];
const server = ['~/server/**', '**/server/**'];
const browserLib = ['~/lib/**', '**/lib/**'];
const adminClient = ['~/components/admin/**', '**/components/admin/**', '../admin/**', '../../admin/**'];
// The plural helper imports nothing, so configuration's messages may use it without an arrow pointing up.
const leafLib = ['!~/lib/plural.mjs', '!**/lib/plural.mjs'];

/**
 * Which feature owns each table (written once): a feature reads and writes its own tables and reaches another's data
 * only through that feature's public module, `index.ts` (and `public.mjs`, the plain-JavaScript part of it that
 * index.ts re-exports, for code run outside the bundle: the search sync, the crawl process). Tables not listed (the outbox's, the limiter's, the leases', the settings') belong to the platform.
 */
const tableOwners = {
  ai: ['ai_generations'],
  analytics: [
    'analytics_visits',
    'analytics_page_views',
    'analytics_visitors',
    'analytics_conversions',
    'analytics_salts',
    'analytics_daily',
    'analytics_daily_breakdown',
    'analytics_daily_vitals',
  ],
  audit: ['audits', 'audit_report_tokens'],
  auth: ['account_events'],
  contact: ['contact_messages'],
  dashboard: [],
  indexnow: ['indexnow_pages', 'indexnow_runs', 'indexnow_submissions'],
  posts: ['posts', 'post_versions', 'post_images'],
  report: ['reports', 'report_links', 'report_sends', 'report_site_settings'],
  search: ['search_rows', 'search_rows_staging', 'search_sources', 'search_daily', 'search_monthly_queries', 'search_monthly_pages'],
  security: ['security_events'],
  sites: [],
  sitecheck: ['site_check_runs'],
  watch: ['watch_sites', 'watch_schedule', 'watch_results', 'watch_alerts', 'watch_webhooks', 'watch_alert_mails'],
};
const tableMethods = 'selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|with|table';

/**
 * Per feature folder: the layer's arrows, plus no import of another feature's inner modules (only its index) and no
 * table of another feature named in a query (docs/architecture.md, "Features").
 */
function featureWalls(layerForbid, layerMessage) {
  return Object.keys(tableOwners).map((name) => {
    const others = Object.entries(tableOwners)
      .filter(([owner]) => owner !== name)
      .flatMap(([, tables]) => tables);
    const alternatives = others.join('|');
    const message = `Another feature's table: ${name} reads it through that feature's functions (its index.ts), never the table.`;
    return {
      files: [`src/server/features/${name}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: [...new Set(layerForbid.flat())], message: layerMessage },
              {
                regex: `^(?:\\.\\./|.*/server/features/)(?!${name}/)[a-z-]+/(?!index(?:\\.ts)?$|public\\.mjs$).+`,
                message: `A feature is entered through its public module (../<feature>, or ../<feature>/public.mjs from plain JavaScript), never its inner modules: ${name} may call what another feature's index.ts exports.`,
              },
            ],
          },
        ],
        'no-restricted-syntax': [
          'error',
          { selector: `CallExpression[callee.property.name=/^(${tableMethods})$/] > Literal[value=/^(${alternatives})(\\s+as\\s+\\w+)?$/]`, message },
          { selector: `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(${alternatives})\\b/]`, message },
          {
            selector: `CallExpression[callee.object.name='sql'][callee.property.name=/^(table|ref|id)$/] > Literal[value=/^(${alternatives})(\\.\\w+)?$/]`,
            message,
          },
          // With the route kit's rule below: a feature hands back data, never a Response (one rule, as a later setting of
          // no-restricted-syntax for the same files would replace this one).
          { selector: "NewExpression[callee.name='Response'], CallExpression[callee.object.name='Response']", message: handBuiltResponse },
        ],
      },
    };
  });
}

const handBuiltResponse = 'Answer with src/server/api/answers.ts (file, pageNotFound, seeOther…); a feature returns data, not a Response.';

const featureLayerMessage = 'A feature is handed what it needs (see DashboardDeps, ContactDeps); it never imports the composition root.';

/** One no-restricted-imports rule per layer. */
function layers(list) {
  return list.map(({ files, ignores, forbid, message }) => ({
    files,
    ...(ignores && { ignores }),
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: [...new Set(forbid.flat())], message }] }] },
  }));
}

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.cache/', 'node_modules/', 'src/assets/generated/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Switch labels carry their text two spans down.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3, controlComponents: ['Checkbox', 'Input', 'Select'] }],
    },
  },
  {
    // Tests poke into JSON-LD and API answers whose shapes they assert.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The layout's arrows (docs/architecture.md): routes → features → platform and db → config. Nothing imports the
  // composition root but routes, the middleware and the command-line scripts; browser code never imports server code.
  ...layers([
    {
      // The features' own folders add their walls below (featureWalls), with this arrow in the same rule.
      files: ['src/server/features/*.ts'],
      forbid: [root, adminClient],
      message: featureLayerMessage,
    },
    {
      files: ['src/server/api/**'],
      forbid: [root, features, adminClient],
      message: 'The endpoint kit knows no feature: features and routes use it, not the other way round.',
    },
    {
      files: ['src/server/platform/**', 'src/server/db/**'],
      forbid: [root, features, api, adminClient],
      message: 'Platform and database code is shared by features and depends on none of them.',
    },
    {
      // Build-time modules (page transforms, the page path and inline-script rules the build and the server share):
      // astro.config.mjs loads them, so they and it import no server code.
      files: ['src/build/**', 'astro.config.mjs'],
      forbid: [root, features, api, platform, ['~/server/**', '**/src/server/**', '../server/**'], adminClient],
      message: 'The build imports no server code: what the build and the server share lives in src/build (rules) or src/config (facts).',
    },
    {
      // Facts and copy import no Node module either: machinery (zlib, the environment, files) lives next to the code
      // that uses it (docs/architecture.md, "Configuration by kind"). The settings schema checks addresses (node:net).
      files: ['src/config/**'],
      ignores: ['src/config/settings.mjs'],
      forbid: [root, features, api, platform, server, browserLib, leafLib, ['node:*']],
      message: 'Configuration is at the bottom: facts, copy and the settings schema, importing no code of the site and no machinery.',
    },
    {
      files: ['src/config/settings.mjs'],
      forbid: [root, features, api, platform, server, browserLib, leafLib],
      message: 'Configuration is at the bottom: facts, copy and the settings schema, importing no code of the site and no machinery.',
    },
    {
      files: ['src/lib/**', 'src/components/*/**', 'src/layouts/**'],
      ignores: ['src/components/admin/**', 'src/layouts/AdminLayout.astro'],
      forbid: [server, adminClient],
      message:
        "Public-site code never imports server code or the admin's client code (src/components/admin); share a schema or a type through src/lib or src/config.",
    },
    {
      files: ['src/components/admin/**'],
      forbid: [server],
      message: 'Browser code never imports server code; share a schema or a type through src/lib or src/config.',
    },
  ]),
  ...featureWalls([root, adminClient], featureLayerMessage),
  // The route kit (docs/architecture.md, README "Adding an endpoint"): every API route is `route(spec, handler)`, reads
  // its input through it, reaches the runtime through it and answers with src/server/api/answers.ts.
  {
    files: ['src/pages/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Response'], CallExpression[callee.object.name='Response']",
          message: 'Answer with src/server/api/answers.ts (ok, created, notFound, tooMany, streamed, download…), not a hand-built Response.',
        },
        {
          selector:
            "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|ALL)$/]:not([init.callee.name='route'])",
          message: 'An API route is written with route(spec, handler) from src/server/api/route.ts.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: root, allowTypeImports: true, message: 'A route reaches the runtime through route(): its handler is given `runtime`.' },
            { group: ['**/config/settings.mjs'], message: 'A route reads the settings through route(): its handler is given `settings`.' },
            { group: ['**/server/api/request-body'], message: 'A route reads its body through route(): `body` with a zod schema.' },
          ],
        },
      ],
    },
  },
  // The kit everywhere a request is answered: every endpoint of the site answers with answers.ts (a file, a page's
  // 404…), an on-demand one through route(spec, handler) (so a failure is the kit's 503 with Retry-After, not Astro's
  // 500), and features hand back data, never a Response.
  {
    files: ['src/pages/**/*.ts'],
    ignores: ['src/pages/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Response'], CallExpression[callee.object.name='Response']", message: handBuiltResponse },
        {
          selector:
            "Program:has(VariableDeclarator[id.name='prerender'][init.value=false]) ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|ALL)$/]:not([init.callee.name='route'])",
          message: 'An endpoint rendered on demand is written with route(spec, handler) from src/server/api/route.ts.',
        },
      ],
    },
  },
  {
    files: ['src/server/**', 'src/pages/**', 'src/middleware.ts'],
    rules: { 'no-console': ['error'] },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Control characters are what the contact cleaning rules look for.
      'no-control-regex': 'off',
    },
  },
);
