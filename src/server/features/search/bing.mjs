// @ts-check
// Bing Webmaster Tools by API key: GetQueryStats (per day × query) and GetPageStats (per day × page), as the JSON
// API documents them: `{ "d": [ { "Date": "/Date(ms±zone)/", "Query": …, "Clicks", "Impressions",
// "AvgImpressionPosition", "AvgClickPosition" } ] }` (GetPageStats puts the page's URL in "Query"). The key travels in
// the URL (`apikey`), so no URL is ever logged or put in a message. AvgImpressionPosition is stored as Bing gives it:
// Microsoft does not document its scale (a few integrations divide it by 10), so the cockpit does not guess (docs/search.md).
import { answerLimits } from '../../../config/answer-limits.mjs';
import { searchSyncRefusals } from '../../../config/search-sync.mjs';
import { AnswerNotJson, AnswerTooLarge, readJson } from '../../platform/bounded-answer.mjs';
import { RetryableFailure, retryAfterMs, withRetries } from '../../platform/retry.mjs';
import { pagePath } from './page-path.mjs';
import { NotShared, SourceProblem, unanswered } from './google.mjs';
import { scrubSecrets } from './scrub.mjs';

/**
 * Bing's WCF JSON date: milliseconds since 1970 and the zone the day was counted in; the day is the local date.
 * @param {string} value
 */
export function bingDay(value) {
  const match = /\/Date\((-?\d+)([+-]\d{2})(\d{2})?\)\//.exec(value) ?? /\/Date\((-?\d+)\)\//.exec(value);
  if (!match) return null;
  const zone = match[2];
  const sign = zone?.startsWith('-') ? -1 : 1;
  const offsetMs = zone ? sign * (Math.abs(Number(zone)) * 60 + Number(match[3] ?? 0)) * 60_000 : 0;
  return new Date(Number(match[1]) + offsetMs).toISOString().slice(0, 10);
}

/**
 * @typedef {object} BingOptions
 * @property {string} apiUrl BING_WEBMASTER_API_URL, without a trailing slash
 * @property {string} apiKey
 * @property {string} siteUrl the site as registered in Bing Webmaster Tools
 * @property {number} maxAttempts
 * @property {number} retryBaseMs
 * @property {number} timeoutMs the most one request may take (SEARCH_SYNC_TIMEOUT_MS)
 * @property {(ms: number) => Promise<unknown>} [wait]
 * @property {AbortSignal} [signal]
 */

const bingApi = 'The Bing Webmaster API';

/** @param {BingOptions} options */
export function bingClient(options) {
  /** @param {'GetQueryStats' | 'GetPageStats'} method */
  async function call(method) {
    const url = `${options.apiUrl}/${method}?siteUrl=${encodeURIComponent(`${options.siteUrl}/`)}&apikey=${encodeURIComponent(options.apiKey)}`;
    return withRetries(
      async () => {
        let response;
        /** @type {{ d?: { Date: string, Query: string, Clicks: number, Impressions: number, AvgImpressionPosition: number }[] } | null} */
        let body = null;
        try {
          response = await fetch(url, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]),
          });
          // The body is read under the same time limit and up to its size: a slow or endless answer fails here
          // rather than hanging the sync or filling the memory.
          if (response.ok) {
            try {
              body = /** @type {typeof body} */ (await readJson(response, { maxBytes: answerLimits.bing, what: bingApi, arrayAt: 'd' }));
            } catch (error) {
              if (!(error instanceof AnswerNotJson)) throw error;
              body = {};
            }
          }
        } catch (error) {
          if (options.signal?.aborted) throw error;
          if (error instanceof AnswerTooLarge) {
            throw new SourceProblem(searchSyncRefusals.tooLarge(bingApi, error.maxBytes, method, 'BING_WEBMASTER_API_URL'));
          }
          throw unanswered(bingApi, error, options.timeoutMs);
        }
        if (response.ok && body) {
          if (!Array.isArray(body.d)) throw new SourceProblem(`The Bing Webmaster API's answer to ${method} was not its documented JSON ({ "d": [...] }).`);
          return body.d;
        }
        const { detail, code } = await bingError(response, options.apiKey);
        if (response.status === 429 || response.status >= 500) {
          throw new RetryableFailure(`The Bing Webmaster API answered ${response.status}${detail}.`, retryAfterMs(response.headers.get('retry-after')));
        }
        // ErrorCode 14 is NotAuthorized: the key is good but the site is not one of the account's.
        if (code === 14 || /NotAuthorized/i.test(detail)) {
          throw new NotShared(
            `Not in the Bing account: add ${options.siteUrl}/ to Bing Webmaster Tools under the account whose API key is set (Add a site, or have its owner share it with you).`,
          );
        }
        if (response.status === 401 || response.status === 403 || /InvalidApiKey/i.test(detail)) {
          throw new SourceProblem(
            `Bing did not accept the API key (${response.status}${detail}). Create a new key in Bing Webmaster Tools (Settings → API access) and set BING_WEBMASTER_API_KEY.`,
          );
        }
        throw new SourceProblem(
          `The Bing Webmaster API refused ${method} for ${options.siteUrl}/ (${response.status}${detail}). Check the site is verified in Bing Webmaster Tools under that address.`,
        );
      },
      { attempts: options.maxAttempts, baseMs: options.retryBaseMs, maxWaitMs: 10 * 60_000, wait: options.wait },
    );
  }

  return {
    /** Per day × query. @returns {Promise<import('./store.mjs').SourceRow[]>} */
    async queryStats() {
      return (await call('GetQueryStats')).flatMap((row) => {
        const day = bingDay(row.Date);
        return day
          ? [{ day, query: row.Query, page: '', device: '', clicks: row.Clicks, impressions: row.Impressions, position: row.AvgImpressionPosition }]
          : [];
      });
    },
    /** Per day × page. @returns {Promise<import('./store.mjs').SourceRow[]>} */
    async pageStats() {
      return (await call('GetPageStats')).flatMap((row) => {
        const day = bingDay(row.Date);
        return day
          ? [
              {
                day,
                query: '',
                page: pagePath(row.Query, options.siteUrl),
                device: '',
                clicks: row.Clicks,
                impressions: row.Impressions,
                position: row.AvgImpressionPosition,
              },
            ]
          : [];
      });
    },
  };
}

/**
 * Bing's own words for a refusal ({ "ErrorCode", "Message" }), scrubbed of secrets (it may repeat the request's
 * address, which carries the key) and shortened, and its code.
 * @param {Response} response @param {string} apiKey
 */
async function bingError(response, apiKey) {
  try {
    const body = /** @type {{ Message?: string, ErrorCode?: number | string }} */ (await readJson(response, { maxBytes: answerLimits.refusal, what: bingApi }));
    return { detail: body.Message ? `: ${scrubSecrets(String(body.Message), [apiKey]).slice(0, 200)}` : '', code: Number(body.ErrorCode) };
  } catch {
    return { detail: '', code: null };
  }
}
