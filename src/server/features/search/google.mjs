// @ts-check
// Google Search Console's Search Analytics API through a service account: a token from the key file's `token_uri`
// (a JWT signed with its private key, by google-auth-library), then `searchAnalytics/query` one day at a time, every
// page of rows (`rowLimit`, `startRow`). 429 and 5xx are retried with backoff or as Retry-After asks; a 401 is
// answered by one new token; a 403 is explained in plain words. Nothing here logs or returns the key or a token.
import { readFile } from 'node:fs/promises';
import { JWT } from 'google-auth-library';
import { z } from 'zod';
import { answerLimits } from '../../../config/answer-limits.mjs';
import { pagesPerDay, searchSyncLimits, searchSyncRefusals } from '../../../config/search-sync.mjs';
import { AnswerNotJson, AnswerTooLarge, boundedFetch, readJson, tooLargeIn } from '../../platform/bounded-answer.mjs';
import { RetryableFailure, retryAfterMs, withRetries } from '../../platform/retry.mjs';
import { pagePath } from './page-path.mjs';
import { scrubSecrets } from './scrub.mjs';

export const gscScope = 'https://www.googleapis.com/auth/webmasters.readonly';
/** The most rows Search Analytics gives in one answer. */
export const gscRowLimit = searchSyncLimits.rowsPerPage;
const searchConsole = 'The Search Console API';
/** The token endpoint google-auth-library posts to; sent to the key file's `token_uri` instead. */
const libraryTokenUrl = 'https://oauth2.googleapis.com/token';

/** A failure the owner must act on (a key, a property, a permission); its message says what to do. */
export class SourceProblem extends Error {}

/** The site's property is not shared with the service account (or its site is not in the Bing account). */
export class NotShared extends SourceProblem {}

const keyFileSchema = z.object({
  type: z.literal('service_account', { error: 'its "type" is not "service_account"' }),
  client_email: z.email({ error: 'it has no "client_email"' }),
  private_key: z.string({ error: 'it has no "private_key"' }).includes('PRIVATE KEY', { error: 'its "private_key" is not a PEM key' }),
  token_uri: z.url({ error: 'it has no "token_uri"' }),
});

/**
 * Reads and checks the service account key file.
 * @param {string} file
 * @returns {Promise<{ email: string, privateKey: string, tokenUri: string }>}
 */
export async function readKeyFile(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new SourceProblem(`The service account key file ${file} cannot be read (${code ?? 'error'}). Check GSC_SERVICE_ACCOUNT_FILE.`);
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SourceProblem(`The service account key file ${file} is not JSON. Download the key again from Google Cloud (Keys → Add key → JSON).`);
  }
  const parsed = keyFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new SourceProblem(
      `The file ${file} is not a service account key: ${parsed.error.issues.map((issue) => issue.message).join('; ')}. Download a JSON key of the service account from Google Cloud.`,
    );
  }
  return { email: parsed.data.client_email, privateKey: parsed.data.private_key, tokenUri: parsed.data.token_uri };
}

/**
 * A token source for the key: google-auth-library's JWT client, its token request sent to the key's `token_uri`
 * (with that as the JWT's audience), bounded by `timeoutMs`. `fresh()` forgets the token held, so the next is new.
 * @param {{ email: string, privateKey: string, tokenUri: string }} key
 * @param {number} timeoutMs
 */
export function tokenSource(key, timeoutMs) {
  const makeClient = () => {
    const client = new JWT({
      email: key.email,
      key: key.privateKey,
      scopes: [gscScope],
      additionalClaims: { aud: key.tokenUri },
      // The token's answer is read through a bounded fetch: a token endpoint answering without end fails the request.
      transporterOptions: { timeout: timeoutMs, fetchImplementation: boundedFetch(answerLimits.googleToken, "Google's token service") },
    });
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === libraryTokenUrl) options.url = new URL(key.tokenUri);
        return options;
      },
    });
    return client;
  };
  /** @type {JWT | null} */
  let client = null;
  return {
    async token() {
      client ??= makeClient();
      try {
        const { token } = await client.getAccessToken();
        if (!token) throw new Error('no access token in the answer');
        return token;
      } catch (error) {
        client = null;
        throw tokenProblem(error, key);
      }
    },
    /** Forgets the token held (the client caches it until it expires): the next is asked for anew. */
    fresh() {
      client = null;
    },
  };
}

/**
 * What a failed token request means; the token service's own words are scrubbed of secrets.
 * @param {unknown} error @param {{ email: string, privateKey: string }} key
 */
function tokenProblem(error, { email, privateKey }) {
  const tooLarge = tooLargeIn(error);
  if (tooLarge) return new RetryableFailure(`${tooLarge.message} (a token is a few hundred bytes).`);
  const status = /** @type {{ response?: { status?: number } }} */ (error).response?.status;
  const data = /** @type {{ response?: { data?: { error?: string, error_description?: string } } }} */ (error).response?.data;
  if (status === 429 || (status !== undefined && status >= 500)) return new RetryableFailure(`Google's token service answered ${status}.`);
  if (status === undefined) return new RetryableFailure(`Google's token service could not be reached (${networkCode(error)}).`);
  const said = (/** @type {unknown} */ text) => scrubSecrets(String(text), [privateKey]).slice(0, 200);
  const reason = data?.error ? said(data.error) : `status ${status}`;
  return new SourceProblem(
    `Google refused the service account key of ${email} (${reason}${data?.error_description ? `: ${said(data.error_description)}` : ''}). The key may have been deleted or disabled: create a new key for the service account and point GSC_SERVICE_ACCOUNT_FILE at it.`,
  );
}

/** @param {unknown} error */
const networkCode = (error) =>
  /** @type {{ code?: string, cause?: { code?: string } }} */ (error).cause?.code ?? /** @type {{ code?: string }} */ (error).code ?? 'network error';

/**
 * A request that got no (whole) answer, as a failure worth another try: too slow for its time, or not reached.
 * @param {string} api @param {unknown} error @param {number} timeoutMs
 */
export function unanswered(api, error, timeoutMs) {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new RetryableFailure(`${api} did not answer within ${timeoutMs / 1000} s (SEARCH_SYNC_TIMEOUT_MS); it may be down or slow.`);
  }
  return new RetryableFailure(`${api} could not be reached (${networkCode(error)}).`);
}

/**
 * @typedef {object} GoogleOptions
 * @property {string} apiUrl GSC_API_URL, without a trailing slash
 * @property {string} property
 * @property {string} [propertySetting] where the owner changes the property, named when it is refused (GSC_PROPERTY)
 * @property {ReturnType<typeof tokenSource>} [tokens] the run's tokens, shared by every site it reads
 * @property {string} siteUrl
 * @property {number} maxAttempts
 * @property {number} retryBaseMs
 * @property {number} timeoutMs the most one request may take (SEARCH_SYNC_TIMEOUT_MS)
 * @property {number} [pageSize] rows asked for per request (25,000; tests ask for fewer)
 * @property {(ms: number) => Promise<unknown>} [wait] between tries (renews the sync's lease)
 * @property {AbortSignal} [signal]
 */

/**
 * The client for one sync: yields each page of one day's rows, as stored rows.
 * @param {{ email: string, privateKey: string, tokenUri: string }} key
 * @param {GoogleOptions} options
 */
export function googleClient(key, options) {
  const tokens = options.tokens ?? tokenSource(key, options.timeoutMs);
  const setting = options.propertySetting ?? 'GSC_PROPERTY';
  const pageSize = options.pageSize ?? gscRowLimit;
  const endpoint = `${options.apiUrl}/webmasters/v3/sites/${encodeURIComponent(options.property)}/searchAnalytics/query`;

  /** One request, with its retries; a 401 gets one new token. @param {string} day @param {number} startRow */
  async function page(day, startRow) {
    let renewed = false;
    return withRetries(
      async () => {
        for (;;) {
          const token = await tokens.token();
          let response;
          try {
            response = await fetch(endpoint, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                startDate: day,
                endDate: day,
                dimensions: ['date', 'query', 'page', 'device'],
                type: 'web',
                dataState: 'all',
                rowLimit: pageSize,
                startRow,
              }),
              signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]),
            });
            // The body is read under the same time limit and up to its size: a slow or endless answer fails here
            // rather than hanging the sync or filling the memory.
            if (response.ok) {
              const answer = await readJson(response, { maxBytes: answerLimits.searchConsolePage, what: searchConsole, arrayAt: 'rows' });
              return /** @type {{ rows?: { keys: string[], clicks: number, impressions: number, position: number }[] }} */ (answer);
            }
          } catch (error) {
            if (options.signal?.aborted) throw error;
            if (error instanceof AnswerNotJson) throw new RetryableFailure(`${error.message}.`);
            if (error instanceof AnswerTooLarge) {
              throw new SourceProblem(searchSyncRefusals.tooLarge(searchConsole, error.maxBytes, `one page of ${day}`, 'GSC_API_URL'));
            }
            throw unanswered(searchConsole, error, options.timeoutMs);
          }
          if (response.status === 401 && !renewed) {
            renewed = true;
            tokens.fresh();
            await response.body?.cancel();
            continue;
          }
          const detail = await errorDetail(response, [token, key.privateKey]);
          if (response.status === 429 || response.status >= 500) {
            throw new RetryableFailure(`The Search Console API answered ${response.status}${detail}.`, retryAfterMs(response.headers.get('retry-after')));
          }
          if (response.status === 401) throw new SourceProblem(`Google did not accept a new token for ${key.email} (401${detail}).`);
          if (response.status === 403) {
            throw new NotShared(
              `Not shared with the service account: add ${key.email} as a user of ${options.property} in Search Console (open that property, Settings → Users and permissions → Add user; Restricted is enough). If ${options.property} is not the property's exact name, change ${setting}.`,
            );
          }
          if (response.status === 404) throw new SourceProblem(`Search Console has no property ${options.property} (404). Check ${setting}.`);
          throw new SourceProblem(`The Search Console API refused the request (${response.status}${detail}).`);
        }
      },
      { attempts: options.maxAttempts, baseMs: options.retryBaseMs, maxWaitMs: 10 * 60_000, wait: options.wait },
    );
  }

  return {
    email: key.email,
    /**
     * Every page of one day's rows.
     * @param {string} day
     * @returns {AsyncGenerator<import('./store.mjs').SourceRow[]>}
     */
    async *day(day) {
      // Google documents a ceiling of rows a day: an API still sending full pages past it is not to be followed.
      // Past it, the sync stops before a row of that page is kept.
      const budget = pagesPerDay(pageSize);
      for (let startRow = 0, pages = 1; ; startRow += pageSize, pages++) {
        const answer = await page(day, startRow);
        const rows = Array.isArray(answer.rows) ? answer.rows : [];
        if (startRow + rows.length > searchSyncLimits.rowsPerDay || (pages >= budget && rows.length >= pageSize)) {
          throw new SourceProblem(searchSyncRefusals.endlessPages(day, pages));
        }
        if (rows.length > 0) {
          yield rows.map((row) => ({
            day: row.keys[0] ?? day,
            query: row.keys[1] ?? '',
            page: pagePath(row.keys[2] ?? '', options.siteUrl),
            device: row.keys[3] ?? '',
            clicks: row.clicks,
            impressions: row.impressions,
            position: row.position,
          }));
        }
        if (rows.length < pageSize) return;
      }
    },
  };
}

/**
 * The Search Console properties the service account may read (`sites.list`), as Google names them; a property it is
 * only listed for, unverified, is left out. Throws a SourceProblem (or a RetryableFailure) with what went wrong.
 * @param {{ email: string, privateKey: string }} key
 * @param {{ apiUrl: string, tokens: ReturnType<typeof tokenSource>, timeoutMs: number }} options
 * @returns {Promise<string[]>}
 */
export async function readableProperties(key, { apiUrl, tokens, timeoutMs }) {
  const token = await tokens.token();
  let response;
  try {
    response = await fetch(`${apiUrl}/webmasters/v3/sites`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok) {
      const answer = /** @type {{ siteEntry?: { siteUrl?: unknown, permissionLevel?: unknown }[] } | null} */ (
        await readJson(response, { maxBytes: answerLimits.searchConsoleSites, what: searchConsole })
      );
      const entries = Array.isArray(answer?.siteEntry) ? answer.siteEntry : [];
      return entries
        .filter((entry) => typeof entry.siteUrl === 'string' && entry.permissionLevel !== 'siteUnverifiedUser')
        .map((entry) => /** @type {string} */ (entry.siteUrl))
        .sort();
    }
  } catch (error) {
    if (error instanceof AnswerTooLarge) throw new SourceProblem(`${error.message} for its list of properties.`);
    if (error instanceof AnswerNotJson) throw new RetryableFailure(`${error.message}.`);
    throw unanswered(searchConsole, error, timeoutMs);
  }
  const detail = await errorDetail(response, [token, key.privateKey]);
  throw new SourceProblem(`The Search Console API did not list the properties of ${key.email} (${response.status}${detail}).`);
}

/**
 * The API's own words for a refusal, scrubbed of secrets (it may repeat a header or the request) and shortened.
 * @param {Response} response @param {string[]} secrets
 */
async function errorDetail(response, secrets) {
  try {
    const body = /** @type {{ error?: { message?: string } }} */ (await readJson(response, { maxBytes: answerLimits.refusal, what: searchConsole }));
    const message = body.error?.message;
    return message ? `: ${scrubSecrets(String(message), secrets).slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
