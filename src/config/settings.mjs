// @ts-check
// The one place environment variables are read: one zod object, `settingsSchema`, whose every field is one setting —
// its environment variable, type, default and meaning, declared once (see "Adding a setting" in docs/architecture.md).
// The environment is validated as a whole: a wrong value stops start-up with a message naming the variable. The type
// of the settings is the schema's output (`Settings`), so no value is cast. The configuration table of
// docs/configuration.md and the recipe's environment file are generated from it (scripts/settings-docs.mjs).
// Plain JavaScript (typed with JSDoc) because astro.config.mjs and scripts/*.mjs load it without a TypeScript step.
// Server and build code only: the browser never imports it.
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  databaseUrl,
  environmentAsInput,
  hostPorts,
  integer,
  settingDocs,
  settingsOf,
  trustProxy,
  unsetByDefault,
  urlWith,
  withDefault,
} from './setting-kinds.mjs';
import { parseQuietHours, quietHoursPattern } from './quiet-hours.mjs';

/** IndexNow's rule for keys. */
export const indexNowKeyPattern = /^[a-zA-Z0-9-]{8,128}$/;

/** Every setting, in the order the docs list them; a group (`outbox`, `indexNow`, `ai`) is a nested object. */
export const settingsSchema = z.object({
  siteUrl: withDefault(
    'SITE_URL',
    urlWith(['https:', 'http:'], 'must be an http(s) origin such as https://www.example.co.uk').transform((url) => url.replace(/\/+$/, '')),
    {
      default: 'https://www.hale-digital.example',
      when: 'build, run',
      meaning:
        'Public origin for canonical URLs, sitemap, feed and structured data; its host is the one form posts are accepted from. An https origin also means every response carries HSTS',
    },
  ),
  offerValidYear: unsetByDefault('OFFER_VALID_YEAR', integer(2000, 9999), {
    shown: 'the current year',
    when: 'build',
    meaning: 'Year the structured-data offers are valid for',
  }),
  port: unsetByDefault('PORT', integer(1, 65535), {
    shown: '8080, or a free port when 8080 is taken',
    when: 'run',
    meaning: 'Port `npm start` listens on',
  }),
  host: withDefault(
    'HOST',
    z.string().refine((v) => isIP(v) !== 0 || /^[a-z0-9.-]+$/i.test(v), 'must be an IP address or host name'),
    { default: '127.0.0.1', when: 'run', meaning: 'Address `npm start` listens on (`0.0.0.0` for every interface)' },
  ),
  headersTimeoutMs: withDefault('HEADERS_TIMEOUT_MS', integer(100, 10_000), {
    default: '10000',
    when: 'run',
    meaning: 'The longest a connection may take, from opening, to send a complete request line and headers; then it is closed',
  }),
  connectionsPerAddress: withDefault('CONNECTIONS_PER_ADDRESS', integer(1, 100_000), {
    default: '128',
    when: 'run',
    meaning:
      'Open connections one client address may hold at once; more are closed at once. Not applied behind a proxy (`TRUST_PROXY`), whose own limits then apply',
  }),
  databaseUrl: unsetByDefault('DATABASE_URL', databaseUrl, {
    secret: true,
    shown: 'data/site.db',
    when: 'run',
    meaning: 'SQLite file (WAL) by default; `postgres://…` for PostgreSQL, or `file:path` for another SQLite file. Migrations run on start',
  }),
  databasePoolSize: withDefault('DATABASE_POOL_SIZE', integer(1, 1000), {
    default: '10',
    when: 'run',
    meaning: 'PostgreSQL connections per server process',
  }),
  databaseTimeoutMs: withDefault('DATABASE_TIMEOUT_MS', integer(100), {
    default: '5000',
    when: 'run',
    meaning: 'PostgreSQL connection and statement timeout: an unreachable database gives a 503, never a hung request',
  }),
  smtpUrl: unsetByDefault('SMTP_URL', urlWith(['smtp:', 'smtps:'], 'must be smtp://… or smtps://…, e.g. smtps://user:pass@smtp.example.com:465'), {
    secret: true,
    when: 'run',
    meaning:
      'Mail server for enquiries, alerts and password-reset links. Unset: messages are kept and sent once it is set, enquiries show "Not e-mailed — e-mail isn\'t set up", and a forgotten password is reset on the server with `npm run admin:reset-password -- --email YOUR-ADDRESS`',
  }),
  contactTo: unsetByDefault('CONTACT_TO', z.email('must be an e-mail address'), {
    shown: 'the business e-mail',
    when: 'run',
    meaning: 'Where new enquiries and security alerts are sent',
  }),
  mailFrom: unsetByDefault('MAIL_FROM', z.string().min(3, 'must be a sender such as "Name" <address@example.com>'), {
    shown: '"Hale Digital website" <no-reply@…>',
    when: 'run',
    meaning: 'Sender of those e-mails',
  }),
  trustProxy: withDefault('TRUST_PROXY', trustProxy, {
    default: 'false',
    when: 'run',
    meaning:
      '`true`: one proxy in front (as `1`): the client is the right-most `X-Forwarded-For` address, the one the proxy appended, and `X-Forwarded-Proto`/`-Host` are believed; `N`: N proxies, the client is the N-th address from the right. Leave off unless a proxy sets these headers',
  }),
  securityLogRetentionDays: unsetByDefault('SECURITY_LOG_RETENTION_DAYS', integer(1, 3650), {
    shown: 'as the privacy notice says',
    when: 'run',
    meaning: 'How long security events are kept',
  }),
  analyticsRetentionDays: unsetByDefault('ANALYTICS_RETENTION_DAYS', integer(1, 3650), {
    shown: 'as the privacy notice says',
    when: 'run',
    meaning: 'How long raw analytics records (page views and visits) are kept; the daily totals the dashboard shows are kept for good',
  }),
  cleanupIntervalMs: withDefault('CLEANUP_INTERVAL_MS', integer(1000), {
    default: '3600000',
    when: 'run',
    meaning: 'How often expired enquiries and security events are deleted',
  }),
  outbox: z.object({
    pollMs: withDefault('OUTBOX_POLL_MS', integer(10), { default: '2000', when: 'run', meaning: 'E-mail outbox: how often it looks for mail to send' }),
    baseDelayMs: withDefault('OUTBOX_BASE_DELAY_MS', integer(10), {
      default: '5000',
      when: 'run',
      meaning: 'E-mail outbox: first retry delay, doubling on each failure',
    }),
    maxDelayMs: withDefault('OUTBOX_MAX_DELAY_MS', integer(10), { default: '3600000', when: 'run', meaning: 'E-mail outbox: longest retry delay' }),
    leaseMs: withDefault('OUTBOX_LEASE_MS', integer(1000), {
      default: '120000',
      when: 'run',
      meaning: 'E-mail outbox: how long a sending process holds a message',
    }),
  }),
  logFormat: withDefault('LOG_FORMAT', z.enum(['json', 'pretty']), {
    default: 'json',
    when: 'run',
    meaning: 'The server log: `json`, one JSON object a line (for journald and log tools), or `pretty` for reading in a terminal',
  }),
  logLevel: withDefault('LOG_LEVEL', z.enum(['debug', 'info', 'warn', 'error']), {
    default: 'info',
    when: 'run',
    meaning: 'The least severe log lines written; `info` includes one line per request',
  }),
  shutdownDrainMs: withDefault('SHUTDOWN_DRAIN_MS', integer(0, 60_000), {
    default: '0',
    when: 'run',
    meaning:
      'On SIGTERM, before it stops taking requests: how long the server goes on answering while its health check (`/api/health`) says 503 and every answer closes its connection, so a load balancer moves traffic to the other instances first. The recipe behind Caddy sets 3000',
  }),
  shutdownTimeoutMs: withDefault('SHUTDOWN_TIMEOUT_MS', integer(100), {
    default: '10000',
    when: 'run',
    meaning: 'On SIGTERM: the longest wait for requests in progress and mail being sent',
  }),
  adminIdleMinutes: withDefault('ADMIN_IDLE_MINUTES', integer(5, 60 * 24 * 30), {
    default: '120',
    when: 'run',
    meaning: 'Admin sign-in: a session unused for this long ends',
  }),
  adminMaxSessionHours: withDefault('ADMIN_MAX_SESSION_HOURS', integer(1, 24 * 90), {
    default: '168',
    when: 'run',
    meaning: 'Admin sign-in: a session ends this long after sign-in however active it is',
  }),
  indexNow: z.object({
    key: unsetByDefault('INDEXNOW_KEY', z.string().regex(indexNowKeyPattern, 'must be 8 to 128 characters, each a-z, A-Z, 0-9 or -'), {
      when: 'run',
      meaning:
        'IndexNow key, served at `/{key}.txt`. Set: changed pages are submitted to search engines on start, by `npm run indexnow` and from the admin, when `SITE_URL` is a public https address, and the admin cannot switch IndexNow off. Unset: IndexNow is off until the owner switches it on in the admin (Settings), with a key the database keeps',
    }),
    endpoint: withDefault('INDEXNOW_ENDPOINT', urlWith(['https:', 'http:'], 'must be an http(s) URL such as https://api.indexnow.org/indexnow'), {
      default: 'https://api.indexnow.org/indexnow',
      when: 'run',
      meaning: 'Where IndexNow submissions go (the shared endpoint passes them to every participating engine)',
    }),
    maxAttempts: withDefault('INDEXNOW_MAX_ATTEMPTS', integer(1, 20), {
      default: '5',
      when: 'run',
      meaning: 'IndexNow: tries per submission when the endpoint answers 429 or 5xx or cannot be reached',
    }),
    retryBaseMs: withDefault('INDEXNOW_RETRY_BASE_MS', integer(1, 3_600_000), {
      default: '5000',
      when: 'run',
      meaning: "IndexNow: wait before the first retry, doubling each time (with jitter), or the endpoint's Retry-After",
    }),
  }),
  // --- Search data (Google Search Console, Bing Webmaster Tools): one group, read by src/server/features/search ---
  search: z.object({
    gscServiceAccountFile: unsetByDefault('GSC_SERVICE_ACCOUNT_FILE', z.string().min(1), {
      when: 'run',
      meaning:
        "Search data: path of the Google service account's JSON key file (its `token_uri` is where tokens are asked for). Unset: Google Search Console is not synced (an export can still be imported in the admin)",
    }),
    gscProperty: unsetByDefault(
      'GSC_PROPERTY',
      z.string().regex(/^(sc-domain:[a-z0-9.-]+|https?:\/\/\S+\/)$/i, 'must be sc-domain:example.co.uk or a URL-prefix property ending in /'),
      {
        shown: 'sc-domain: and the domain of SITE_URL without www (its registrable domain)',
        when: 'run',
        meaning: 'Search data: the Search Console property the service account reads (a domain property or a URL prefix)',
      },
    ),
    gscApiUrl: withDefault(
      'GSC_API_URL',
      urlWith(['https:', 'http:'], 'must be an http(s) URL such as https://searchconsole.googleapis.com').transform((url) => url.replace(/\/+$/, '')),
      { default: 'https://searchconsole.googleapis.com', when: 'run', meaning: 'Search data: base URL of the Search Console API' },
    ),
    bingApiKey: unsetByDefault('BING_WEBMASTER_API_KEY', z.string().min(8, 'must be the API key from Bing Webmaster Tools (Settings → API access)'), {
      secret: true,
      when: 'run',
      meaning: 'Search data: Bing Webmaster Tools API key. Unset: Bing is not synced',
    }),
    bingApiUrl: withDefault(
      'BING_WEBMASTER_API_URL',
      urlWith(['https:', 'http:'], 'must be an http(s) URL such as https://ssl.bing.com/webmaster/api.svc/json').transform((url) => url.replace(/\/+$/, '')),
      { default: 'https://ssl.bing.com/webmaster/api.svc/json', when: 'run', meaning: 'Search data: base URL of the Bing Webmaster API (JSON)' },
    ),
    maxAttempts: withDefault('SEARCH_SYNC_MAX_ATTEMPTS', integer(1, 20), {
      default: '5',
      when: 'run',
      meaning: 'Search data: tries per request when Google or Bing answers 429 or 5xx or cannot be reached',
    }),
    retryBaseMs: withDefault('SEARCH_SYNC_RETRY_BASE_MS', integer(1, 3_600_000), {
      default: '2000',
      when: 'run',
      meaning: "Search data: wait before the first retry, doubling each time (with jitter), or the API's Retry-After",
    }),
    requestTimeoutMs: withDefault('SEARCH_SYNC_TIMEOUT_MS', integer(1, 600_000), {
      default: '60000',
      when: 'run',
      meaning: 'Search data: how long one request to Google or Bing (or for a Google token) may take before it counts as failed and is retried',
    }),
  }),
  // --- end of search data ---
  ai: z.object({
    baseUrl: unsetByDefault(
      'AI_BASE_URL',
      urlWith(['https:', 'http:'], 'must be the http(s) base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1'),
      {
        when: 'run',
        meaning:
          'AI content generator: base URL of any OpenAI-compatible API (OpenAI, or Ollama, vLLM, llama.cpp on your own machine). Unset: the generator is off',
      },
    ),
    apiKey: unsetByDefault('AI_API_KEY', z.string().min(1), {
      secret: true,
      when: 'run',
      meaning: 'AI content generator: API key, sent as a bearer token; local servers usually need none',
    }),
    model: unsetByDefault('AI_MODEL', z.string().min(1).max(200), {
      when: 'run',
      meaning: 'AI content generator: model name at that API, e.g. `gpt-4o-mini` or `llama3.1:8b`',
    }),
    timeoutMs: withDefault('AI_TIMEOUT_MS', integer(1000, 600_000), {
      default: '60000',
      when: 'run',
      meaning: 'AI content generator: the longest a generation may take before it is stopped',
    }),
    maxOutputTokens: withDefault('AI_MAX_OUTPUT_TOKENS', integer(16, 100_000), {
      default: '2048',
      when: 'run',
      meaning: 'AI content generator: the most tokens one answer may have',
    }),
    generationsPerHour: withDefault('AI_GENERATIONS_PER_HOUR', integer(1, 10_000), {
      default: '20',
      when: 'run',
      meaning: 'AI content generator: generations each admin account may start per hour',
    }),
  }),
  siteCheckTimeoutMs: withDefault('SITE_CHECK_TIMEOUT_MS', integer(100, 120_000), {
    default: '10000',
    when: 'run',
    meaning: 'Site checks (admin and `npm run site:check`): the longest one request to the checked site may take, body included',
  }),
  siteCheckAllowHosts: z
    .optional(hostPorts)
    .transform((hosts) => hosts ?? [])
    .register(settingDocs, {
      env: 'SITE_CHECK_ALLOW_HOSTS',
      when: 'run',
      meaning:
        "For development and tests only: comma-separated `host:port` pairs the site checker (admin checks and visitors' free audits) may fetch although they are loopback or private addresses (it otherwise refuses every address that is not public; the admin's checks may also fetch `SITE_URL`'s own, the free audit never)",
    }),
  // Watching sites (docs/watch.md): one group, moved as a whole.
  watch: z.object({
    everyMs: withDefault('WATCH_EVERY_MS', integer(1000, 3_600_000), {
      default: '60000',
      when: 'run',
      meaning:
        'Watching sites: how often the server looks for checks that are due (each check has its own schedule: availability every 5 minutes, crawls daily); the first look is this long after start',
    }),
    quietHours: unsetByDefault('WATCH_QUIET_HOURS', z.string().regex(quietHoursPattern, 'must be HH:MM-HH:MM, e.g. 22:00-07:00').transform(parseQuietHours), {
      when: 'run',
      meaning:
        'Watching sites: hours (UK time) in which alerts that are not urgent are held and sent when they end, e.g. `22:00-07:00`. Urgent ones (a site down, a certificate about to lapse) are sent at once. Set, it wins over the quiet hours the owner sets in the admin (Sites tab). Unset: those, or none',
    }),
    webhookUrl: unsetByDefault(
      'ALERT_WEBHOOK_URL',
      urlWith(['https:', 'http:'], 'must be an http(s) URL, e.g. https://ntfy.sh/your-topic or a Slack or Discord webhook'),
      {
        secret: true,
        when: 'run',
        meaning:
          'Watching sites: each alert and each recovery is also POSTed here as JSON with `text`, `content` and `message` fields (Slack, Discord and ntfy-compatible receivers), retried until taken, sent once. Unset: e-mail only',
      },
    ),
  }),
  chromiumPath: unsetByDefault('CHROMIUM_PATH', z.string(), {
    shown: '/usr/bin/chromium',
    when: 'test',
    meaning: 'Browser used by tests, screenshots and benchmarks',
  }),
  testDatabaseUrl: unsetByDefault('TEST_DATABASE_URL', urlWith(['postgres:', 'postgresql:'], 'must be a postgres:// URL'), {
    secret: true,
    when: 'test',
    meaning: 'When set (CI sets it), every database and server test also runs on this PostgreSQL, each run in its own schema',
  }),
});

/** @typedef {z.output<typeof settingsSchema>} Settings */

/** Every setting by its environment variable, with what the docs say of it (scripts/settings-docs.mjs, tests). */
export const settingDefinitions = Object.fromEntries(
  settingsOf(settingsSchema).map((setting, i, all) => {
    if (all.findIndex((other) => other.env === setting.env) !== i) throw new Error(`settings: ${setting.env} is declared twice`);
    return [setting.env, setting];
  }),
);

export class SettingsError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/**
 * Reads and validates every setting. Throws SettingsError listing each wrong variable.
 * @param {Record<string, string | undefined>} [env]
 * @returns {Settings}
 */
export function loadSettings(env = process.env) {
  const list = Object.values(settingDefinitions);
  const input = environmentAsInput(settingsSchema, env);
  const result = settingsSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = list.flatMap(({ env: name, path, secret }) => {
    const issues = result.error.issues.filter((issue) => path.every((key, i) => issue.path[i] === key));
    if (issues.length === 0) return [];
    // A connection URL may carry a password: name it, never print it.
    const shown = secret ? name : `${name}=${JSON.stringify(env[name])}`;
    return [`${shown}: ${issues.map((issue) => issue.message).join('; ')}`];
  });
  throw new SettingsError(problems);
}

/** @type {Settings | undefined} */
let cached;
/** The settings of this process, read once. */
export function settings() {
  cached ??= loadSettings();
  return cached;
}

/**
 * Libraries loaded by the built server (React above all) pick their build by NODE_ENV: unset, React renders every
 * on-demand page with its development build, several times slower. The server asks for the production builds unless
 * the environment says otherwise; not a setting of the site, so not in the schema.
 */
export function preferProductionLibraries() {
  process.env.NODE_ENV ??= 'production';
}

/**
 * The raw values of the settings a build bakes into the pages: what the build stamp (scripts/build-stamp.mjs) compares.
 * @param {Record<string, string | undefined>} [env]
 */
export function buildTimeValues(env = process.env) {
  return Object.values(settingDefinitions)
    .filter((setting) => setting.when.includes('build'))
    .map(({ env: name }) => `${name}=${env[name] ?? ''}`);
}
