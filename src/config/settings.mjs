// The one place environment variables are read. Each setting is declared once here — name, type, default and meaning —
// and validated as a whole: a wrong value stops start-up with a message naming the variable. The README's
// configuration table is generated from `settingDefinitions` (`npm run settings:table`) and a test keeps them equal.
// Plain JavaScript (typed with JSDoc) because astro.config.mjs and scripts/start.mjs load it without a TypeScript step.
// Server and build code only: the browser never imports it.
import { isIP } from 'node:net';
import { z } from 'zod';

const defaultSiteUrl = 'https://www.hale-digital.example';
const defaultIndexNowEndpoint = 'https://api.indexnow.org/indexnow';
/** IndexNow's rule for keys. */
export const indexNowKeyPattern = /^[a-zA-Z0-9-]{8,128}$/;

/** @param {number} min @param {number} [max] */
const integer = (min, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** @param {string[]} protocols @param {string} hint */
const urlWith = (protocols, hint) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  }, hint);

const databaseUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\/[^/]/.test(value) || /^(file|sqlite):/.test(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value),
    'must be postgres://…, file:path or a path to an SQLite file',
  );

const trustProxy = z
  .string()
  .regex(/^(true|false|\d+)$/, 'must be true, false or a number of proxies (1, 2, …)')
  .transform((value) => (value === 'true' ? true : value === 'false' || value === '0' ? false : Number(value)));

/**
 * Every setting: its schema, its default (a value as the environment would give it, read through the same schema) or,
 * where the default is worked out elsewhere, what the table shows (`shown`), and its meaning. No default and nothing
 * shown: unset. `when`: read by the server at run time, at build time, or by tests and scripts only.
 */
export const settingDefinitions = {
  SITE_URL: {
    schema: urlWith(['https:', 'http:'], 'must be an http(s) origin such as https://www.example.co.uk'),
    default: defaultSiteUrl,
    when: 'build, run',
    meaning:
      'Public origin for canonical URLs, sitemap, feed and structured data; its host is the one form posts are accepted from. An https origin also means every response carries HSTS',
  },
  OFFER_VALID_YEAR: {
    schema: integer(2000, 9999),
    shown: 'the current year',
    when: 'build',
    meaning: 'Year the structured-data offers are valid for',
  },
  PORT: {
    schema: integer(1, 65535),
    shown: '8080, or a free port when 8080 is taken',
    when: 'run',
    meaning: 'Port `npm start` listens on',
  },
  HOST: {
    schema: z.string().refine((v) => isIP(v) !== 0 || /^[a-z0-9.-]+$/i.test(v), 'must be an IP address or host name'),
    default: '127.0.0.1',
    when: 'run',
    meaning: 'Address `npm start` listens on (`0.0.0.0` for every interface)',
  },
  HEADERS_TIMEOUT_MS: {
    schema: integer(100, 10_000),
    default: '10000',
    when: 'run',
    meaning: 'The longest a connection may take, from opening, to send a complete request line and headers; then it is closed',
  },
  CONNECTIONS_PER_ADDRESS: {
    schema: integer(1, 100_000),
    default: '128',
    when: 'run',
    meaning:
      'Open connections one client address may hold at once; more are closed at once. Not applied behind a proxy (`TRUST_PROXY`), whose own limits then apply',
  },
  DATABASE_URL: {
    secret: true,
    schema: databaseUrl,
    shown: 'data/site.db',
    when: 'run',
    meaning: 'SQLite file (WAL) by default; `postgres://…` for PostgreSQL, or `file:path` for another SQLite file. Migrations run on start',
  },
  DATABASE_POOL_SIZE: {
    schema: integer(1, 1000),
    default: '10',
    when: 'run',
    meaning: 'PostgreSQL connections per server process',
  },
  DATABASE_TIMEOUT_MS: {
    schema: integer(100),
    default: '5000',
    when: 'run',
    meaning: 'PostgreSQL connection and statement timeout: an unreachable database gives a 503, never a hung request',
  },
  SMTP_URL: {
    secret: true,
    schema: urlWith(['smtp:', 'smtps:'], 'must be smtp://… or smtps://…, e.g. smtps://user:pass@smtp.example.com:465'),
    when: 'run',
    meaning:
      'Mail server for enquiries, alerts and password-reset links. Unset: messages are kept and sent once it is set, enquiries show "Not e-mailed — e-mail isn\'t set up", and a forgotten password is reset on the server with `npm run admin:reset-password -- --email YOUR-ADDRESS`',
  },
  CONTACT_TO: {
    schema: z.email('must be an e-mail address'),
    shown: 'the business e-mail',
    when: 'run',
    meaning: 'Where new enquiries and security alerts are sent',
  },
  MAIL_FROM: {
    schema: z.string().min(3, 'must be a sender such as "Name" <address@example.com>'),
    shown: '"Hale Digital website" <no-reply@…>',
    when: 'run',
    meaning: 'Sender of those e-mails',
  },
  TRUST_PROXY: {
    schema: trustProxy,
    default: 'false',
    when: 'run',
    meaning:
      '`true`: one proxy in front (as `1`): the client is the right-most `X-Forwarded-For` address, the one the proxy appended, and `X-Forwarded-Proto`/`-Host` are believed; `N`: N proxies, the client is the N-th address from the right. Leave off unless a proxy sets these headers',
  },
  SECURITY_LOG_RETENTION_DAYS: {
    schema: integer(1, 3650),
    shown: 'as the privacy notice says',
    when: 'run',
    meaning: 'How long security events are kept',
  },
  ANALYTICS_RETENTION_DAYS: {
    schema: integer(1, 3650),
    shown: 'as the privacy notice says',
    when: 'run',
    meaning: 'How long raw analytics records (page views and visits) are kept; the daily totals the dashboard shows are kept for good',
  },
  CLEANUP_INTERVAL_MS: {
    schema: integer(1000),
    default: '3600000',
    when: 'run',
    meaning: 'How often expired enquiries and security events are deleted',
  },
  OUTBOX_POLL_MS: { schema: integer(10), default: '2000', when: 'run', meaning: 'E-mail outbox: how often it looks for mail to send' },
  OUTBOX_BASE_DELAY_MS: { schema: integer(10), default: '5000', when: 'run', meaning: 'E-mail outbox: first retry delay, doubling on each failure' },
  OUTBOX_MAX_DELAY_MS: { schema: integer(10), default: '3600000', when: 'run', meaning: 'E-mail outbox: longest retry delay' },
  OUTBOX_LEASE_MS: { schema: integer(1000), default: '120000', when: 'run', meaning: 'E-mail outbox: how long a sending process holds a message' },
  LOG_FORMAT: {
    schema: z.enum(['json', 'pretty']),
    default: 'json',
    when: 'run',
    meaning: 'The server log: `json`, one JSON object a line (for journald and log tools), or `pretty` for reading in a terminal',
  },
  LOG_LEVEL: {
    schema: z.enum(['debug', 'info', 'warn', 'error']),
    default: 'info',
    when: 'run',
    meaning: 'The least severe log lines written; `info` includes one line per request',
  },
  SHUTDOWN_DRAIN_MS: {
    schema: integer(0, 60_000),
    default: '0',
    when: 'run',
    meaning:
      'On SIGTERM, before it stops taking requests: how long the server goes on answering while its health check (`/api/health`) says 503 and every answer closes its connection, so a load balancer moves traffic to the other instances first. The recipe behind Caddy sets 3000',
  },
  SHUTDOWN_TIMEOUT_MS: {
    schema: integer(100),
    default: '10000',
    when: 'run',
    meaning: 'On SIGTERM: the longest wait for requests in progress and mail being sent',
  },
  ADMIN_IDLE_MINUTES: {
    schema: integer(5, 60 * 24 * 30),
    default: '120',
    when: 'run',
    meaning: 'Admin sign-in: a session unused for this long ends',
  },
  ADMIN_MAX_SESSION_HOURS: {
    schema: integer(1, 24 * 90),
    default: '168',
    when: 'run',
    meaning: 'Admin sign-in: a session ends this long after sign-in however active it is',
  },
  INDEXNOW_KEY: {
    schema: z.string().regex(indexNowKeyPattern, 'must be 8 to 128 characters, each a-z, A-Z, 0-9 or -'),
    when: 'run',
    meaning:
      'IndexNow key, served at `/{key}.txt`. Set: changed pages are submitted to search engines on start, by `npm run indexnow` and from the admin, when `SITE_URL` is a public https address, and the admin cannot switch IndexNow off. Unset: IndexNow is off until the owner switches it on in the admin (Settings), with a key the database keeps',
  },
  INDEXNOW_ENDPOINT: {
    schema: urlWith(['https:', 'http:'], 'must be an http(s) URL such as https://api.indexnow.org/indexnow'),
    default: defaultIndexNowEndpoint,
    when: 'run',
    meaning: 'Where IndexNow submissions go (the shared endpoint passes them to every participating engine)',
  },
  INDEXNOW_MAX_ATTEMPTS: {
    schema: integer(1, 20),
    default: '5',
    when: 'run',
    meaning: 'IndexNow: tries per submission when the endpoint answers 429 or 5xx or cannot be reached',
  },
  INDEXNOW_RETRY_BASE_MS: {
    schema: integer(1, 3_600_000),
    default: '5000',
    when: 'run',
    meaning: "IndexNow: wait before the first retry, doubling each time (with jitter), or the endpoint's Retry-After",
  },
  // --- Search data (Google Search Console, Bing Webmaster Tools): one block, read by src/server/features/search ---
  GSC_SERVICE_ACCOUNT_FILE: {
    schema: z.string().min(1),
    when: 'run',
    meaning:
      "Search data: path of the Google service account's JSON key file (its `token_uri` is where tokens are asked for). Unset: Google Search Console is not synced (an export can still be imported in the admin)",
  },
  GSC_PROPERTY: {
    schema: z.string().regex(/^(sc-domain:[a-z0-9.-]+|https?:\/\/\S+\/)$/i, 'must be sc-domain:example.co.uk or a URL-prefix property ending in /'),
    shown: 'sc-domain: and the host of SITE_URL',
    when: 'run',
    meaning: 'Search data: the Search Console property the service account reads (a domain property or a URL prefix)',
  },
  GSC_API_URL: {
    schema: urlWith(['https:', 'http:'], 'must be an http(s) URL such as https://searchconsole.googleapis.com'),
    default: 'https://searchconsole.googleapis.com',
    when: 'run',
    meaning: 'Search data: base URL of the Search Console API',
  },
  BING_WEBMASTER_API_KEY: {
    secret: true,
    schema: z.string().min(8, 'must be the API key from Bing Webmaster Tools (Settings → API access)'),
    when: 'run',
    meaning: 'Search data: Bing Webmaster Tools API key. Unset: Bing is not synced',
  },
  BING_WEBMASTER_API_URL: {
    schema: urlWith(['https:', 'http:'], 'must be an http(s) URL such as https://ssl.bing.com/webmaster/api.svc/json'),
    default: 'https://ssl.bing.com/webmaster/api.svc/json',
    when: 'run',
    meaning: 'Search data: base URL of the Bing Webmaster API (JSON)',
  },
  SEARCH_SYNC_MAX_ATTEMPTS: {
    schema: integer(1, 20),
    default: '5',
    when: 'run',
    meaning: 'Search data: tries per request when Google or Bing answers 429 or 5xx or cannot be reached',
  },
  SEARCH_SYNC_RETRY_BASE_MS: {
    schema: integer(1, 3_600_000),
    default: '2000',
    when: 'run',
    meaning: "Search data: wait before the first retry, doubling each time (with jitter), or the API's Retry-After",
  },
  // --- end of search data ---
  AI_BASE_URL: {
    schema: urlWith(
      ['https:', 'http:'],
      'must be the http(s) base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1',
    ),
    when: 'run',
    meaning:
      'AI content generator: base URL of any OpenAI-compatible API (OpenAI, or Ollama, vLLM, llama.cpp on your own machine). Unset: the generator is off',
  },
  AI_API_KEY: {
    secret: true,
    schema: z.string().min(1),
    when: 'run',
    meaning: 'AI content generator: API key, sent as a bearer token; local servers usually need none',
  },
  AI_MODEL: {
    schema: z.string().min(1).max(200),
    when: 'run',
    meaning: 'AI content generator: model name at that API, e.g. `gpt-4o-mini` or `llama3.1:8b`',
  },
  AI_TIMEOUT_MS: {
    schema: integer(1000, 600_000),
    default: '60000',
    when: 'run',
    meaning: 'AI content generator: the longest a generation may take before it is stopped',
  },
  AI_MAX_OUTPUT_TOKENS: {
    schema: integer(16, 100_000),
    default: '2048',
    when: 'run',
    meaning: 'AI content generator: the most tokens one answer may have',
  },
  AI_GENERATIONS_PER_HOUR: {
    schema: integer(1, 10_000),
    default: '20',
    when: 'run',
    meaning: 'AI content generator: generations each admin account may start per hour',
  },
  SITE_CHECK_TIMEOUT_MS: {
    schema: integer(100, 120_000),
    default: '10000',
    when: 'run',
    meaning: 'Site checks (admin and `npm run site:check`): the longest one request to the checked site may take, body included',
  },
  SITE_CHECK_ALLOW_HOSTS: {
    schema: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'must list host:port pairs, e.g. 127.0.0.1:8081,[::1]:8443'))),
    when: 'run',
    meaning:
      "For development and tests only: comma-separated `host:port` pairs the site checker (admin checks and visitors' free audits) may fetch although they are loopback or private addresses (it otherwise refuses every address that is not public; the admin's checks may also fetch `SITE_URL`'s own, the free audit never)",
  },
  // — Watching sites (issue 33): one block, moved as a whole. —
  WATCH_EVERY_MS: {
    schema: integer(1000, 3_600_000),
    default: '60000',
    when: 'run',
    meaning:
      'Watching sites: how often the server looks for checks that are due (each check has its own schedule: availability every 5 minutes, crawls daily); the first look is this long after start',
  },
  WATCH_QUIET_HOURS: {
    schema: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM-HH:MM, e.g. 22:00-07:00')
      .transform((value) => {
        const [from = '', to = ''] = value.split('-');
        const minutes = (/** @type {string} */ t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
        return { fromMinute: minutes(from), toMinute: minutes(to) };
      }),
    when: 'run',
    meaning:
      'Watching sites: hours (UK time) in which alerts that are not urgent are held and sent when they end, e.g. `22:00-07:00`. Urgent ones (a site down, a certificate about to lapse) are sent at once. Unset: none',
  },
  ALERT_WEBHOOK_URL: {
    secret: true,
    schema: urlWith(['https:', 'http:'], 'must be an http(s) URL, e.g. https://ntfy.sh/your-topic or a Slack or Discord webhook'),
    when: 'run',
    meaning:
      'Watching sites: each alert and each recovery is also POSTed here as JSON with `text`, `content` and `message` fields (Slack, Discord and ntfy-compatible receivers), retried until taken, sent once. Unset: e-mail only',
  },
  // — end of the watching block —
  CHROMIUM_PATH: {
    schema: z.string(),
    shown: '/usr/bin/chromium',
    when: 'test',
    meaning: 'Browser used by tests, screenshots and benchmarks',
  },
  TEST_DATABASE_URL: {
    secret: true,
    schema: urlWith(['postgres:', 'postgresql:'], 'must be a postgres:// URL'),
    when: 'test',
    meaning: 'When set (CI sets it), every database and server test also runs on this PostgreSQL, each run in its own schema',
  },
};

/** @typedef {keyof typeof settingDefinitions} SettingName */

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
 */
export function loadSettings(env = process.env) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, unknown>} */
  const raw = {};
  for (const [name, definition] of Object.entries(settingDefinitions)) {
    // '' counts as unset, so `VAR=` in a shell or a test behaves like leaving the variable out.
    const given = env[name] === undefined || env[name] === '' ? ('default' in definition ? definition.default : undefined) : env[name];
    if (given === undefined) continue;
    const result = /** @type {z.ZodType} */ (definition.schema).safeParse(given);
    if (result.success) raw[name] = result.data;
    else {
      // A connection URL may carry a password: name it, never print it.
      const shown = 'secret' in definition ? name : `${name}=${JSON.stringify(env[name])}`;
      problems.push(`${shown}: ${result.error.issues.map((i) => i.message).join('; ')}`);
    }
  }
  if (problems.length > 0) throw new SettingsError(problems);
  const get = /** @type {(name: SettingName) => any} */ ((name) => raw[name]);
  return {
    siteUrl: /** @type {string} */ (get('SITE_URL')).replace(/\/+$/, ''),
    offerValidYear: /** @type {number | undefined} */ (get('OFFER_VALID_YEAR')),
    port: /** @type {number | undefined} */ (get('PORT')),
    host: /** @type {string} */ (get('HOST')),
    headersTimeoutMs: /** @type {number} */ (get('HEADERS_TIMEOUT_MS')),
    logFormat: /** @type {'json' | 'pretty'} */ (get('LOG_FORMAT')),
    logLevel: /** @type {'debug' | 'info' | 'warn' | 'error'} */ (get('LOG_LEVEL')),
    connectionsPerAddress: /** @type {number} */ (get('CONNECTIONS_PER_ADDRESS')),
    databaseUrl: /** @type {string | undefined} */ (get('DATABASE_URL')),
    databasePoolSize: /** @type {number} */ (get('DATABASE_POOL_SIZE')),
    databaseTimeoutMs: /** @type {number} */ (get('DATABASE_TIMEOUT_MS')),
    smtpUrl: /** @type {string | undefined} */ (get('SMTP_URL')),
    contactTo: /** @type {string | undefined} */ (get('CONTACT_TO')),
    mailFrom: /** @type {string | undefined} */ (get('MAIL_FROM')),
    /** 0: the socket address is the client; N (true is 1): the N-th X-Forwarded-For address from the right. */
    trustProxy: /** @type {number} */ (Number(get('TRUST_PROXY'))),
    securityLogRetentionDays: /** @type {number | undefined} */ (get('SECURITY_LOG_RETENTION_DAYS')),
    analyticsRetentionDays: /** @type {number | undefined} */ (get('ANALYTICS_RETENTION_DAYS')),
    adminIdleMinutes: /** @type {number} */ (get('ADMIN_IDLE_MINUTES')),
    adminMaxSessionHours: /** @type {number} */ (get('ADMIN_MAX_SESSION_HOURS')),
    cleanupIntervalMs: /** @type {number} */ (get('CLEANUP_INTERVAL_MS')),
    outbox: {
      pollMs: /** @type {number} */ (get('OUTBOX_POLL_MS')),
      baseDelayMs: /** @type {number} */ (get('OUTBOX_BASE_DELAY_MS')),
      maxDelayMs: /** @type {number} */ (get('OUTBOX_MAX_DELAY_MS')),
      leaseMs: /** @type {number} */ (get('OUTBOX_LEASE_MS')),
    },
    shutdownTimeoutMs: /** @type {number} */ (get('SHUTDOWN_TIMEOUT_MS')),
    shutdownDrainMs: /** @type {number} */ (get('SHUTDOWN_DRAIN_MS')),
    indexNow: {
      key: /** @type {string | undefined} */ (get('INDEXNOW_KEY')),
      endpoint: /** @type {string} */ (get('INDEXNOW_ENDPOINT')),
      maxAttempts: /** @type {number} */ (get('INDEXNOW_MAX_ATTEMPTS')),
      retryBaseMs: /** @type {number} */ (get('INDEXNOW_RETRY_BASE_MS')),
    },
    // --- search data ---
    search: {
      gscServiceAccountFile: /** @type {string | undefined} */ (get('GSC_SERVICE_ACCOUNT_FILE')),
      gscProperty: /** @type {string} */ (get('GSC_PROPERTY') ?? `sc-domain:${new URL(get('SITE_URL')).hostname}`),
      gscApiUrl: /** @type {string} */ (get('GSC_API_URL')).replace(/\/+$/, ''),
      bingApiKey: /** @type {string | undefined} */ (get('BING_WEBMASTER_API_KEY')),
      bingApiUrl: /** @type {string} */ (get('BING_WEBMASTER_API_URL')).replace(/\/+$/, ''),
      maxAttempts: /** @type {number} */ (get('SEARCH_SYNC_MAX_ATTEMPTS')),
      retryBaseMs: /** @type {number} */ (get('SEARCH_SYNC_RETRY_BASE_MS')),
    },
    ai: {
      baseUrl: /** @type {string | undefined} */ (get('AI_BASE_URL')),
      apiKey: /** @type {string | undefined} */ (get('AI_API_KEY')),
      model: /** @type {string | undefined} */ (get('AI_MODEL')),
      timeoutMs: /** @type {number} */ (get('AI_TIMEOUT_MS')),
      maxOutputTokens: /** @type {number} */ (get('AI_MAX_OUTPUT_TOKENS')),
      generationsPerHour: /** @type {number} */ (get('AI_GENERATIONS_PER_HOUR')),
    },
    siteCheckTimeoutMs: /** @type {number} */ (get('SITE_CHECK_TIMEOUT_MS')),
    siteCheckAllowHosts: /** @type {string[]} */ (get('SITE_CHECK_ALLOW_HOSTS') ?? []),
    watch: {
      everyMs: /** @type {number} */ (get('WATCH_EVERY_MS')),
      quietHours: /** @type {{ fromMinute: number, toMinute: number } | undefined} */ (get('WATCH_QUIET_HOURS')),
      webhookUrl: /** @type {string | undefined} */ (get('ALERT_WEBHOOK_URL')),
    },
    chromiumPath: /** @type {string | undefined} */ (get('CHROMIUM_PATH')),
    testDatabaseUrl: /** @type {string | undefined} */ (get('TEST_DATABASE_URL')),
  };
}

/** @typedef {ReturnType<typeof loadSettings>} Settings */

/** @type {Settings | undefined} */
let cached;
/** The settings of this process, read once. */
export function settings() {
  cached ??= loadSettings();
  return cached;
}

/**
 * The raw values of the settings a build bakes into the pages: what the build stamp (scripts/build-stamp.mjs) compares.
 * @param {Record<string, string | undefined>} [env]
 */
export function buildTimeValues(env = process.env) {
  return Object.entries(settingDefinitions)
    .filter(([, definition]) => definition.when.includes('build'))
    .map(([name]) => `${name}=${env[name] ?? ''}`);
}

/** The configuration table of the README, generated from the definitions above. */
export function settingsTable() {
  const rows = Object.entries(settingDefinitions).map(([name, d]) => {
    const shown = 'default' in d ? d.default : 'shown' in d ? d.shown : 'unset';
    const cell = shown !== 'unset' && (shown.startsWith('"') || /^[\w./:-]+$/.test(shown)) ? `\`${shown}\`` : shown;
    return `| \`${name}\` | ${cell} | ${d.when} | ${d.meaning} |`;
  });
  return ['| Variable | Default | Read at | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/**
 * The production recipe's environment file (deploy/hale-digital.env): every setting the server or the build reads,
 * with its meaning; those the recipe sets are set, the others commented out at their default.
 * @param {Record<string, string>} set
 */
export function settingsEnvFile(set) {
  const blocks = Object.entries(settingDefinitions)
    .filter(([, d]) => d.when !== 'test')
    .map(([name, d]) => {
      const value = name in set ? set[name] : 'default' in d ? d.default : '';
      const shown = 'default' in d ? d.default : 'shown' in d ? d.shown : 'unset';
      const meaning = `${d.meaning} (default: ${shown}; read at ${d.when}).`.replace(/`/g, '');
      const comment = wrap(meaning, 116).map((line) => `# ${line}`);
      return [...comment, `${name in set ? '' : '#'}${name}=${value}`].join('\n');
    });
  return blocks.join('\n\n');
}

/** @param {string} text @param {number} width */
function wrap(text, width) {
  const lines = [''];
  for (const word of text.split(/\s+/)) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > width) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines;
}
