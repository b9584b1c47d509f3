// An IndexNow endpoint on loopback: records each submission and answers with the statuses it is told to.
// Imported by the integration tests; run as a script (`node tests/support/fake-indexnow.mjs PORT`) it is the e2e
// server's endpoint, and `GET /requests` lists what it received.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

/** @typedef {{ method: string, contentType: string | undefined, body: { host: string, key: string, keyLocation: string, urlList: string[] } }} IndexNowRequest */

export class FakeIndexNow {
  /** @type {IndexNowRequest[]} */
  requests = [];
  /** Statuses for the next requests, in order; 200 once they run out. @type {number[]} */
  answers = [];
  /** How long each answer takes, so runs can overlap. */
  delayMs = 0;
  url = '';
  /** @type {http.Server | null} */
  server = null;

  /** @param {number} [port] */
  async start(port) {
    const listenOn = port ?? (await freePort());
    this.server = http.createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/requests') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify(this.requests));
      }
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        this.requests.push({ method: req.method ?? '', contentType: req.headers['content-type'], body: JSON.parse(raw) });
        const status = this.answers.shift() ?? 200;
        setTimeout(() => {
          res.writeHead(status, { 'Content-Type': 'text/plain', ...(status === 429 ? { 'Retry-After': '0' } : {}) });
          res.end(String(status));
        }, this.delayMs);
      });
    });
    await new Promise((resolve) => this.server?.listen(listenOn, '127.0.0.1', () => resolve(undefined)));
    this.url = `http://127.0.0.1:${listenOn}/indexnow`;
  }

  /** Every URL submitted, over all requests. */
  submitted() {
    return this.requests.flatMap((request) => request.body.urlList);
  }

  reset() {
    this.requests.length = 0;
    this.answers = [];
    this.delayMs = 0;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(() => resolve(undefined)));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = new FakeIndexNow();
  await fake.start(Number(process.argv[2]));
  console.log(`Fake IndexNow listening on ${fake.url}`);
}
