// Google and Bing search data on loopback, answering as their APIs document:
// - POST /token: Google's OAuth token endpoint for service accounts. It takes `grant_type` and `assertion` (a JWT),
//   checks the JWT's RS256 signature against the test key's public key, its `aud` (this endpoint), `iss`, `scope`
//   and times, and answers `{ access_token, expires_in, token_type }` — or 400 `invalid_grant` when any is wrong.
// - POST /webmasters/v3/sites/{property}/searchAnalytics/query: Search Analytics. Bearer token required (401 when
//   unknown or revoked); the property must be one the account may read (403 otherwise); rows for the asked day,
//   `startRow` … `startRow + rowLimit` (capped at `maxRowsPerAnswer`, as Google caps at 25,000). A property with rows
//   of its own (`propertyRows`, a client's) answers those, any other the rows of `google`.
// - GET /bing/GetQueryStats, /bing/GetPageStats: Bing Webmaster's JSON (`{ "d": [...] }`, WCF dates), `apikey` checked;
//   with `bingSites` set, a `siteUrl` not in it is refused as Bing refuses a site not in the account (400, ErrorCode 14
//   NotAuthorized). A site with rows of its own (`bingBySite`) answers those, any other the rows of `bing`.
// Faults are queued per endpoint (`faults.google`, `faults.bing`, `faults.token`): a status and optional Retry-After for
// the next request; `echo` makes the error's message repeat what was sent (Bing: the address with its key; Google: the
// Authorization header and the body; the token endpoint: the form with its signed assertion), and `message` sets it;
// `bytes` makes the answer (of that status) a JSON that goes on for that many bytes, streamed as the client reads it
// (`streamed` counts what the client's connection took). With `endlessPages`, Search Analytics answers every request
// with a full page of new rows, as an API whose pages never end would.
// GET /webmasters/v3/sites: sites.list, the properties the account may read (`readable`, `siteFullUser`).
// Run as a script (`node tests/support/fake-search.mjs PORT KEY_FILE`) it serves the e2e server with fixed data.
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

export const fakeScope = 'https://www.googleapis.com/auth/webmasters.readonly';

/** A service account key pair and its key file's JSON, for a token endpoint at `tokenUri`. @param {string} tokenUri */
export function testServiceAccount(tokenUri, email = 'sync@hale-test.iam.gserviceaccount.com') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    email,
    publicKey,
    keyFile: {
      type: 'service_account',
      project_id: 'hale-test',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: email,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
    },
  };
}

/** @typedef {{ keys: [string, string, string, string], clicks: number, impressions: number, ctr: number, position: number }} GoogleRow */
/** @typedef {{ Date: string, Query: string, Clicks: number, Impressions: number, AvgClickPosition: number, AvgImpressionPosition: number }} BingRow */

/** A WCF JSON date for a day, as Bing writes it (midnight Pacific, with its offset). @param {string} day */
export const wcfDate = (day) => `/Date(${Date.parse(`${day}T07:00:00Z`)}-0700)/`;

const b64url = (/** @type {string} */ text) => Buffer.from(text, 'base64url');

/** @typedef {(status: number, bytes: number, head: string, unit: string) => void} Streamer */

export class FakeSearch {
  url = '';
  /** @type {http.Server | null} */
  server = null;
  /** @type {import('node:crypto').KeyObject | null} */
  publicKey = null;
  accountEmail = '';
  /** Properties the account may read. @type {Set<string>} */
  readable = new Set();
  /** Google rows by day. @type {Map<string, GoogleRow[]>} */
  google = new Map();
  /** Google rows by day of a property that has its own. @type {Map<string, Map<string, GoogleRow[]>>} */
  propertyRows = new Map();
  /** @type {{ query: BingRow[], page: BingRow[] }} */
  bing = { query: [], page: [] };
  /** Bing rows of a site (its `siteUrl`) that has its own. @type {Map<string, { query: BingRow[], page: BingRow[] }>} */
  bingBySite = new Map();
  /** The sites in the Bing account; null: any. @type {Set<string> | null} */
  bingSites = null;
  bingKey = 'bing-test-key-0123';
  /** Google's cap on rows per answer (25,000); tests lower it to see paging. */
  maxRowsPerAnswer = 25_000;
  /** @typedef {{ status: number, retryAfter?: string, echo?: boolean, message?: string, bytes?: number }} Fault */
  /** @type {{ google: Fault[], bing: Fault[], token: Fault[] }} */
  faults = { google: [], bing: [], token: [] };
  /** @type {Set<string>} */
  tokens = new Set();
  /** What was asked, in order. @type {{ endpoint: string, body?: any, authorization?: string, url?: string, property?: string, site?: string }[]} */
  requests = [];
  tokenRequests = 0;
  /** How long each Search Analytics answer takes. */
  delayMs = 0;
  /** How long each Bing answer takes. */
  bingDelayMs = 0;
  /** Search Analytics answers every request with a full page of rows of its own. */
  endlessPages = false;
  /** Bytes of the long answers (`bytes` faults) the clients' connections took. */
  streamed = 0;

  /** @param {number} [port] */
  async start(port) {
    const listenOn = port ?? (await freePort());
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const send = (/** @type {number} */ status, /** @type {unknown} */ body, headers = {}) => {
          res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        // A slow answer; one the client gave up waiting for is never counted or served (nor takes a queued fault).
        const later = (/** @type {() => void} */ answer, /** @type {number} */ ms) =>
          setTimeout(() => {
            if (!res.destroyed && !req.socket.destroyed) answer();
          }, ms);
        // An answer of `bytes` bytes: JSON that opens and then repeats `unit`, written as fast as the client reads.
        const stream = (/** @type {number} */ status, /** @type {number} */ bytes, /** @type {string} */ head, /** @type {string} */ unit) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          const chunk = Buffer.from(unit.repeat(Math.ceil(65_536 / unit.length)));
          let sent = 0;
          const more = () => {
            while (sent < bytes && !res.destroyed) {
              sent += chunk.length;
              this.streamed += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', more);
            }
            if (!res.destroyed) res.end();
          };
          res.write(head);
          more();
        };
        try {
          if (req.method === 'POST' && url.pathname === '/token') return this.token(raw, send, stream);
          if (req.method === 'GET' && url.pathname === '/webmasters/v3/sites') return this.sitesList(req.headers.authorization, send);
          const analytics = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(url.pathname);
          if (req.method === 'POST' && analytics) {
            const property = decodeURIComponent(analytics[1] ?? '');
            return later(() => this.analytics(property, req.headers.authorization, raw, send, stream), this.delayMs);
          }
          const bing = /^\/bing\/(GetQueryStats|GetPageStats)$/.exec(url.pathname);
          if (req.method === 'GET' && bing) return later(() => this.bingStats(bing[1] ?? '', url, send, stream), this.bingDelayMs);
          send(404, { error: { code: 404, message: 'Not found' } });
        } catch (error) {
          send(500, { error: { code: 500, message: String(error) } });
        }
      });
    });
    await new Promise((resolve) => this.server?.listen(listenOn, '127.0.0.1', () => resolve(undefined)));
    this.url = `http://127.0.0.1:${listenOn}`;
    return this;
  }

  /** Makes the service account whose public key the token endpoint checks; returns its key file's JSON. */
  account(email = 'sync@hale-test.iam.gserviceaccount.com') {
    const account = testServiceAccount(`${this.url}/token`, email);
    this.publicKey = account.publicKey;
    this.accountEmail = email;
    return account.keyFile;
  }

  /** @param {string} raw @param {(status: number, body: unknown) => void} send @param {Streamer} stream */
  token(raw, send, stream) {
    this.tokenRequests++;
    const fault = this.faults.token.shift();
    if (fault?.bytes) return stream(fault.status, fault.bytes, '{"access_token":"', 'ya29.long');
    if (fault) {
      return send(fault.status, { error: 'internal_failure', error_description: faultMessage(fault, `POST /token ${raw}`) });
    }
    const form = new URLSearchParams(raw);
    const refuse = (/** @type {string} */ why) => send(400, { error: 'invalid_grant', error_description: why });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('Unsupported grant type');
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
    if (!header || !payload || !signature || !this.publicKey) return refuse('Malformed assertion');
    if (JSON.parse(b64url(header).toString()).alg !== 'RS256') return refuse('Unsupported algorithm');
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${payload}`);
    if (!verifier.verify(this.publicKey, b64url(signature))) return refuse('Invalid JWT Signature.');
    const claims = JSON.parse(b64url(payload).toString());
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== `${this.url}/token`) return refuse('Invalid JWT audience');
    if (claims.iss !== this.accountEmail) return refuse('Invalid issuer');
    if (claims.scope !== fakeScope) return refuse('Invalid scope');
    if (!(claims.iat <= now + 60 && claims.exp > now && claims.exp - claims.iat <= 3600)) return refuse('Invalid JWT: Token must be a short-lived token');
    const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
    this.tokens.add(token);
    send(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  }

  /** Revokes every token given so far: the next request with one is a 401. */
  expireTokens() {
    this.tokens.clear();
  }

  /** @param {string} property @param {string | undefined} authorization @param {string} raw @param {(status: number, body: unknown, headers?: Record<string, string>) => void} send @param {Streamer} stream */
  analytics(property, authorization, raw, send, stream) {
    const body = JSON.parse(raw);
    this.requests.push({ endpoint: 'google', body, authorization, property });
    const fault = this.faults.google.shift();
    if (fault?.bytes) {
      const row = JSON.stringify(googleRow(body.startDate, 'a query', 'https://example.com/', 'MOBILE', 1, 2, 3));
      return stream(fault.status, fault.bytes, fault.status === 200 ? '{"rows":[' : '{"error":{"code":500,"message":"', fault.status === 200 ? `${row},` : 'x');
    }
    // A 401 fault revokes the tokens given so far, as an expired or revoked token would be.
    if (fault?.status === 401) this.expireTokens();
    if (fault) {
      return send(
        fault.status,
        { error: { code: fault.status, message: faultMessage(fault, `authorization: ${authorization} body: ${raw}`), status: 'UNAVAILABLE' } },
        fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {},
      );
    }
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    if (!this.tokens.has(token)) {
      return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    }
    if (!this.readable.has(property)) {
      return send(403, { error: { code: 403, message: `User does not have sufficient permission for site '${property}'.`, status: 'PERMISSION_DENIED' } });
    }
    if (body.startDate !== body.endDate) return send(400, { error: { code: 400, message: 'This fake answers one day at a time.' } });
    const rowLimit = Math.min(Number(body.rowLimit ?? 1000), this.maxRowsPerAnswer);
    const startRow = Number(body.startRow ?? 0);
    const rows = this.endlessPages
      ? Array.from({ length: rowLimit }, (_, i) =>
          googleRow(body.startDate, `endless query ${startRow + i}`, `https://example.com/${startRow + i}`, 'MOBILE', 1, 10, 5),
        )
      : ((this.propertyRows.get(property) ?? this.google).get(body.startDate) ?? []).slice(startRow, startRow + rowLimit);
    send(200, rows.length > 0 ? { rows, responseAggregationType: 'byPage' } : { responseAggregationType: 'byPage' });
  }

  /** @param {string} method @param {URL} url @param {(status: number, body: unknown, headers?: Record<string, string>) => void} send @param {Streamer} stream */
  bingStats(method, url, send, stream) {
    const site = url.searchParams.get('siteUrl') ?? '';
    this.requests.push({ endpoint: `bing:${method}`, url: url.pathname, site });
    const fault = this.faults.bing.shift();
    if (fault?.bytes) {
      const row = JSON.stringify({ Date: wcfDate('2026-03-01'), Query: 'a query', Clicks: 1, Impressions: 2, AvgClickPosition: 3, AvgImpressionPosition: 3 });
      return stream(fault.status, fault.bytes, fault.status === 200 ? '{"d":[' : '{"ErrorCode":0,"Message":"', fault.status === 200 ? `${row},` : 'x');
    }
    if (fault) {
      const message = faultMessage(fault, `GET ${url.pathname}${url.search}`);
      return send(fault.status, { ErrorCode: 0, Message: message }, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {});
    }
    if (url.searchParams.get('apikey') !== this.bingKey) return send(400, { ErrorCode: 3, Message: 'ERROR!!! InvalidApiKey' });
    if (this.bingSites && !this.bingSites.has(site)) return send(400, { ErrorCode: 14, Message: 'ERROR!!! NotAuthorized' });
    const data = this.bingBySite.get(site) ?? this.bing;
    send(200, {
      d: (method === 'GetQueryStats' ? data.query : data.page).map((row) => ({ __type: 'QueryStats:#Microsoft.Bing.Webmaster.Api', ...row })),
    });
  }

  /** sites.list: every property the account may read, as Google lists them. @param {string | undefined} authorization @param {(status: number, body: unknown) => void} send */
  sitesList(authorization, send) {
    this.requests.push({ endpoint: 'sites', authorization });
    if (!this.tokens.has(authorization?.replace(/^Bearer /, '') ?? '')) {
      return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    }
    send(200, this.readable.size > 0 ? { siteEntry: [...this.readable].map((siteUrl) => ({ siteUrl, permissionLevel: 'siteFullUser' })) } : {});
  }

  reset() {
    this.endlessPages = false;
    this.streamed = 0;
    this.requests.length = 0;
    this.faults = { google: [], bing: [], token: [] };
    this.delayMs = 0;
    this.bingDelayMs = 0;
    this.tokenRequests = 0;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(() => resolve(undefined)));
  }
}

/** A fault's error message: as the test set it, or repeating what was sent. @param {{ echo?: boolean, message?: string }} fault @param {string} sent */
const faultMessage = (fault, sent) => fault.message ?? (fault.echo ? `Fault asked for by the test, for ${sent}` : 'Fault asked for by the test');

/** A Google row as Search Analytics gives it. @param {string} day @param {string} query @param {string} page @param {string} device @param {number} clicks @param {number} impressions @param {number} position */
export const googleRow = (day, query, page, device, clicks, impressions, position) =>
  /** @type {GoogleRow} */ ({ keys: [day, query, page, device], clicks, impressions, ctr: impressions ? clicks / impressions : 0, position });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = await new FakeSearch().start(Number(process.argv[2]) || undefined);
  const keyFile = process.argv[3];
  if (keyFile) writeFileSync(keyFile, JSON.stringify(fake.account()));
  console.log(fake.url);
}
