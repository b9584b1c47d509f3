// An OpenAI-compatible chat API on loopback, speaking real HTTP and server-sent events, for the AI generator's tests.
// What it does is chosen by a marker in the prompt, so parallel tests never share state:
//   [fake:unauthorised] 401 · [fake:no-model] 404 · [fake:rate-limited] 429 · [fake:server-error] 500
//   [fake:hang] first chunk, then nothing · [fake:malformed] a chunk that is not JSON · [fake:slow] 40 chunks, 250 ms apart
//   [fake:gate:ID] everything but the last chunk, which waits for POST /release/ID
//   [fake:meta-long] a title too long, then a good one when asked again · [fake:meta-always-long] too long each time
//   [fake:invent-price] a price the business does not charge, then the real one when asked again
//   [fake:endless] chunks of text (8 KB each) as fast as the client reads, up to 400 MB · [fake:huge-error] a 500 whose words go
//   on for 400 MB (`streamed` counts the bytes of these two the client's connection took)
// Without a marker it answers well for the content type the system prompt names. Imported by the integration tests;
// run as a script (`node tests/support/fake-openai.mjs PORT`) it serves the e2e tests, with GET /requests.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

export const fakeAnswers = {
  blog: [
    '---',
    'title: "Local SEO in Hatfield: A Practical Guide"',
    'description: "A practical guide to local SEO for Hatfield businesses: Google Business Profile, reviews, citations and location pages that bring in enquiries."',
    'keywords: [local SEO, Hatfield, Google Business Profile]',
    'date: 2026-11-23',
    '---',
    '',
    'Most people who find a local business today start with a search on their phone. This guide explains what matters for a business in Hatfield.',
    '',
    '## Start with your Google Business Profile',
    '',
    'Choose the right primary category, add your services and opening hours, and keep your photos current. Reply to every review.',
    '',
  ].join('\n'),
  meta: '{"title": "SEO Services in Hatfield | Hale Digital", "description": "Search engine optimisation for Hatfield and Hertfordshire businesses: technical fixes, content and links, reported monthly in plain English."}',
  metaLong:
    '{"title": "SEO Services in Hatfield and across Hertfordshire for Small Businesses | Hale Digital", "description": "Search engine optimisation for Hatfield and Hertfordshire businesses: technical fixes, content and links, reported monthly in plain English."}',
};

/** The service description the fake writes, quoting the price the system prompt gave it. */
const serviceAnswer = (price) =>
  `Our service helps small businesses in Hatfield and across Hertfordshire win more enquiries from search.\n\nWe start with an audit, fix what holds your site back, then build content and links month by month. Pricing: ${price}.`;

/** A client report's summary, stating only the figures the report gave it (its visitors and enquiries, when it has them). */
const reportSummaryAnswer = (prompt) => {
  const visitors = /Unique visitors: ([\d,]+)/.exec(prompt)?.[1];
  const enquiries = /Enquiries received: ([\d,]+)/.exec(prompt)?.[1];
  return [
    'A steady month for the site.',
    visitors ? `It had ${visitors} unique visitors.` : 'Visits were not measured this month.',
    enquiries ? `It received ${enquiries} enquiries.` : '',
  ]
    .filter(Boolean)
    .join(' ');
};

/** Cuts a text into pieces of about `size` characters, as a model streams tokens. */
const pieces = (text, count) => {
  const size = Math.max(1, Math.ceil(text.length / count));
  const out = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class FakeOpenAI {
  /** @type {{ authorization: string | undefined, body: any }[]} */
  requests = [];
  /** Requests whose client went away before the answer was complete. */
  abandoned = 0;
  /** Gated answers waiting to send their last chunk. @type {Map<string, () => void>} */
  gates = new Map();
  /** Gated answers that have sent their last chunk. @type {Set<string>} */
  gatesPassed = new Set();
  /** Bytes of the endless answers the clients' connections took. */
  streamed = 0;
  /** When set, requests without `Authorization: Bearer <key>` get 401. @type {string | undefined} */
  requiredKey;
  url = '';
  /** @type {http.Server | null} */
  server = null;

  /** @param {number} [port] */
  async start(port) {
    const listenOn = port ?? (await freePort());
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise((resolve) => this.server?.listen(listenOn, '127.0.0.1', () => resolve(undefined)));
    this.url = `http://127.0.0.1:${listenOn}/v1`;
  }

  /** Gates released before their answer reached them. @type {Set<string>} */
  released = new Set();

  /** Lets a gated answer send its last chunk, now or as soon as it gets there. @param {string} id */
  release(id) {
    const open = this.gates.get(id);
    if (open) {
      this.gates.delete(id);
      open();
    } else this.released.add(id);
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(() => resolve(undefined)));
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async handle(req, res) {
    const release = /^\/release\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method === 'POST' && release) {
      this.release(release[1]);
      return res.writeHead(204).end();
    }
    if (req.method === 'GET' && req.url === '/requests') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(this.requests));
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end();
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    this.requests.push({ authorization: req.headers.authorization, body });
    const error = (status, message, code) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', code } }));
    };
    if (this.requiredKey && req.headers.authorization !== `Bearer ${this.requiredKey}`) {
      return error(401, `Incorrect API key provided: ${req.headers.authorization ?? 'none'}`, 'invalid_api_key');
    }

    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    const prompt = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const askedAgain = body.messages.some((m) => m.role === 'assistant');
    const type = /Content type: (\w+)/.exec(system)?.[1] ?? 'blog';
    const marker = /\[fake:([\w:-]+)\]/.exec(prompt)?.[1] ?? '';
    if (marker === 'unauthorised') return error(401, 'Incorrect API key provided: sk-test-secret', 'invalid_api_key');
    if (marker === 'no-model') return error(404, `The model \`${body.model}\` does not exist`, 'model_not_found');
    if (marker === 'rate-limited') return error(429, 'Rate limit reached', 'rate_limit_exceeded');
    if (marker === 'server-error') return error(500, 'The server had an error', 'server_error');
    if (marker === 'endless' || marker === 'huge-error') {
      const endless = marker === 'endless';
      const event = `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta: { content: 'more '.repeat(1600) }, finish_reason: null }] })}\n\n`;
      const chunk = Buffer.from((endless ? event : 'x').repeat(Math.ceil(65_536 / (endless ? event.length : 1))));
      res.writeHead(endless ? 200 : 500, { 'Content-Type': endless ? 'text/event-stream' : 'application/json' });
      if (!endless) res.write('{"error": {"message": "');
      let sent = 0;
      const more = () => {
        while (sent < 400 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          this.streamed += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        if (!res.destroyed) res.end();
      };
      return more();
    }

    let answer;
    if (type === 'meta') answer = marker === 'meta-always-long' || (marker === 'meta-long' && !askedAgain) ? fakeAnswers.metaLong : fakeAnswers.meta;
    else if (type === 'service') {
      const price = /Its price is (.+?): state exactly this range/.exec(system)?.[1] ?? 'on request';
      answer = serviceAnswer(marker === 'invent-price' && !askedAgain ? '£999 per month' : price);
    } else if (/monthly website report/.test(system)) answer = reportSummaryAnswer(prompt);
    else answer = fakeAnswers.blog;

    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    let finished = false;
    res.on('close', () => {
      if (!finished) this.abandoned++;
    });
    const send = (delta, finishReason = null, usage) =>
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finishReason }],
          ...(usage && { usage }),
        })}\n\n`,
      );
    if (marker === 'malformed') {
      send({ role: 'assistant', content: 'The start of an answer' });
      res.write('data: {"id": "chatcmpl-fake", "choices": [{"delta": \n\n');
      finished = true;
      return res.end('data: [DONE]\n\n');
    }
    const parts = marker === 'slow' ? pieces(answer, 40) : pieces(answer, 8);
    const gate = marker.startsWith('gate:') ? marker.slice(5) : null;
    for (const [index, part] of parts.entries()) {
      if (res.destroyed) return;
      if (gate && index === parts.length - 1) {
        if (!this.released.delete(gate)) await new Promise((resolve) => this.gates.set(gate, () => resolve(undefined)));
        this.gatesPassed.add(gate);
      }
      send(index === 0 ? { role: 'assistant', content: part } : { content: part });
      if (marker === 'hang') return; // never finishes; the caller's timeout ends it
      await sleep(marker === 'slow' ? 250 : 5);
    }
    send({}, 'stop', { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(answer.length / 4), total_tokens: 0 });
    res.write('data: [DONE]\n\n');
    finished = true;
    res.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = new FakeOpenAI();
  await fake.start(Number(process.argv[2]));
  console.log(`Fake OpenAI-compatible API listening on ${fake.url}`);
}
