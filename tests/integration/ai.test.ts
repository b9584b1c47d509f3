/**
 * The AI content generator against a fake OpenAI-compatible server on loopback (real HTTP, server-sent events): the
 * prompt's grounding, streaming, Stop, every upstream failure, the output checks and their one retry, the limits, the
 * history — through the built server as a real process, on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL.
 */
import { existsSync } from 'node:fs';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { aiLimits, aiMessages, aiProblems } from '../../src/config/ai';
import { describeRange, formatGbp, pricingPlans, serviceOffers } from '../../src/config/pricing';
import { checkOutput, statedPrices } from '../../src/server/features/ai/checks';
import { jsonLines } from '../../src/components/admin/data/json-lines';
import { missingAiSettings } from '../../src/server/features/ai/generate';
import { allowedPrices, systemPrompt } from '../../src/server/features/ai/prompts';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { fakeAnswers, FakeOpenAI } from '../support/fake-openai.mjs';
import { freePort, SiteProcess } from '../support/server';
import { until } from '../support/until';

const apiKey = 'sk-test-secret';
const modelName = 'test-model';
const timeoutMs = 2000;
const perHour = 25;
const password = 'a sensible long passphrase';
const browserAgent = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };

type Event = { type: string; [key: string]: unknown };

/** A generation's JSON lines as they arrive. */
const events = (response: Response) => jsonLines<Event>(response.body!);

describe('grounding and checks', () => {
  it('the system prompt carries every real price and the rules, and only those prices pass', () => {
    const prompt = systemPrompt('service', 'seo');
    for (const plan of pricingPlans) expect(prompt).toContain(formatGbp(plan.price));
    for (const offer of Object.values(serviceOffers)) expect(prompt).toContain(`${offer.name}: ${describeRange(offer.range)}`);
    expect(prompt).toContain(`Its price is ${describeRange(serviceOffers.seo.range)}`);
    expect(prompt).toMatch(/British English/);
    expect(prompt).toMatch(/State no price, fee or discount other than those listed/);
    expect(allowedPrices().has(pricingPlans[0]!.price)).toBe(true);
    expect(statedPrices('From £1,500 a month, or £2k, or £ 99.50')).toEqual([1500, 2000, 99]);
  });

  it('meta tags: lengths and prices checked, and given as HTML', () => {
    const good = checkOutput('meta', fakeAnswers.meta);
    expect(good.problems).toEqual([]);
    expect(good.content).toMatch(/^<title>SEO Services in Hatfield \| Hale Digital<\/title>\n<meta name="description" content="[^"]+">$/);
    expect(checkOutput('meta', fakeAnswers.metaLong).problems).toEqual([aiProblems.titleLong(85, aiLimits.meta.titleMax)]);
    expect(checkOutput('meta', 'Sure! Here you go.').problems).toEqual([aiProblems.notMetaTags]);
    expect(checkOutput('meta', '```json\n' + fakeAnswers.meta + '\n```').problems).toEqual([]);
  });

  it('a blog post gets front matter the posts collection accepts, dated today, and a file name', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const post = checkOutput('blog', fakeAnswers.blog, undefined, now);
    expect(post.problems).toEqual([]);
    expect(post.filename).toBe('local-seo-in-hatfield-a-practical-guide.md');
    const front = yaml.load(post.content.split('---')[1]!) as Record<string, unknown>;
    expect(front).toMatchObject({
      name: 'Local SEO in Hatfield: A Practical Guide',
      title: 'Local SEO in Hatfield: A Practical Guide',
      keywords: ['local SEO', 'Hatfield', 'Google Business Profile'],
    });
    expect(String(front.published)).toMatch(/2026-11-23/);
    expect(checkOutput('blog', 'Just an article without front matter').problems).toEqual([aiProblems.noPostDetails]);
  });

  it('a service description must state its real range and no invented price', () => {
    const range = describeRange(serviceOffers.seo.range);
    expect(checkOutput('service', `A long enough description of what the service does for businesses in Hatfield. Price: ${range}.`, 'seo').problems).toEqual(
      [],
    );
    expect(
      checkOutput('service', 'A long enough description of what the service does for businesses in Hatfield and beyond. Price: £999 per month.', 'seo')
        .problems,
    ).toEqual([aiProblems.unknownPrice(formatGbp(999)), aiProblems.rangeMissing(range)]);
  });

  it('names the settings still missing', () => {
    expect(missingAiSettings({ baseUrl: undefined, apiKey: undefined, model: undefined, timeoutMs: 1, maxOutputTokens: 1, generationsPerHour: 1 })).toEqual([
      'AI_BASE_URL',
      'AI_MODEL',
    ]);
  });
});

describe.each(databaseNames())('AI generator on %s', (name) => {
  let target: DatabaseTarget;
  let fake: FakeOpenAI;
  let site: SiteProcess;
  let owner: CookieClient;

  async function signedIn(email: string) {
    expect(runAdminScript('create', email, password, target.url).stderr).toBe('');
    const client = new CookieClient(site.base, browserAgent);
    expect((await client.json('/api/auth/sign-in', { email, password })).status).toBe(200);
    return client;
  }
  const start = (client: CookieClient, input: Record<string, unknown>, signal?: AbortSignal) =>
    client.request(adminApi.aiGenerate, { method: 'POST', body: JSON.stringify(input), headers: { 'Content-Type': 'application/json' }, signal });
  async function generate(input: Record<string, unknown>, client = owner) {
    const response = await start(client, input);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const all: Event[] = [];
    for await (const event of events(response)) all.push(event);
    return all;
  }
  const last = (all: Event[]) => all.at(-1)!;

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    fake = new FakeOpenAI();
    fake.requiredKey = apiKey;
    await fake.start();
    site = new SiteProcess(await freePort(), {
      DATABASE_URL: target.url,
      SMTP_URL: '',
      AI_BASE_URL: fake.url,
      AI_API_KEY: apiKey,
      AI_MODEL: modelName,
      AI_TIMEOUT_MS: String(timeoutMs),
      AI_GENERATIONS_PER_HOUR: String(perHour),
    });
    await site.start();
    owner = await signedIn('owner@example.com');
  });
  afterAll(async () => {
    await site?.stop();
    await fake?.stop();
    await target?.dispose();
  });

  it('not signed in: 401, and nothing reaches the model', async () => {
    const before = fake.requests.length;
    const response = await fetch(`${site.base}${adminApi.aiGenerate}`, {
      method: 'POST',
      body: '{"prompt":"x","type":"blog"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(401);
    expect((await fetch(`${site.base}${adminApi.aiHistory}`)).status).toBe(401);
    expect(fake.requests.length).toBe(before);
  });

  it('a blog post streams in pieces, grounded in the config, with the key and model object of the settings', async () => {
    const all = await generate({ prompt: 'Write about local SEO for cafés', type: 'blog' });
    expect(all[0]).toMatchObject({ type: 'start', model: modelName });
    const texts = all.filter((e) => e.type === 'text');
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.map((e) => e.text).join('')).toBe(fakeAnswers.blog);
    const done = last(all);
    expect(done).toMatchObject({ type: 'done', outcome: 'success', problems: [], filename: 'local-seo-in-hatfield-a-practical-guide.md' });
    expect(done.usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${apiKey}`);
    expect(request.body.model).toBe(modelName);
    expect(request.body.stream).toBe(true);
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'Write about local SEO for cafés' });
    for (const plan of pricingPlans) expect(request.body.messages[0].content).toContain(formatGbp(plan.price));
  });

  it('meta tags come back structured; a title out of bounds is sent back once with the reason and repaired', async () => {
    const good = last(await generate({ prompt: 'Home page', type: 'meta' }));
    expect(good).toMatchObject({ type: 'done', outcome: 'success', meta: JSON.parse(fakeAnswers.meta) });

    const before = fake.requests.length;
    const repaired = await generate({ prompt: 'Home page [fake:meta-long]', type: 'meta' });
    expect(repaired.find((e) => e.type === 'retry')).toEqual({
      type: 'retry',
      reason: aiProblems.titleLong(85, aiLimits.meta.titleMax),
    });
    expect(last(repaired)).toMatchObject({ type: 'done', outcome: 'success', problems: [] });
    expect(fake.requests.length).toBe(before + 2);
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain(aiProblems.titleLong(85, aiLimits.meta.titleMax));

    const warned = last(await generate({ prompt: 'Home page [fake:meta-always-long]', type: 'meta' }));
    expect(warned).toMatchObject({
      type: 'done',
      outcome: 'warning',
      problems: [aiProblems.titleLong(85, aiLimits.meta.titleMax)],
    });
  });

  it("a service description states the chosen service's real range; an invented price is sent back", async () => {
    const done = last(await generate({ prompt: 'For the services page', type: 'service', service: 'webdesign' }));
    expect(done).toMatchObject({ type: 'done', outcome: 'success' });
    expect(done.content).toContain(describeRange(serviceOffers.webdesign.range));
    const fixed = await generate({ prompt: 'For the services page [fake:invent-price]', type: 'service', service: 'seo' });
    expect(fixed.find((e) => e.type === 'retry')!.reason).toContain(aiProblems.unknownPrice(formatGbp(999)));
    expect(last(fixed)).toMatchObject({ type: 'done', outcome: 'success' });
  });

  it('the first piece of text arrives before the model has sent its last', async () => {
    const response = await start(owner, { prompt: 'Gated [fake:gate:first]', type: 'blog' });
    const stream = events(response);
    let event = (await stream.next()).value as Event;
    while (event.type !== 'text') event = (await stream.next()).value as Event;
    // Text is here, and the model has not sent its last chunk: it arrived while the answer was being written.
    expect(fake.gatesPassed.has('first')).toBe(false);
    await until(async () => (fake.gates.has('first') ? true : undefined), 5000);
    fake.release('first');
    const rest: Event[] = [];
    for await (const more of stream) rest.push(more);
    expect(last(rest)).toMatchObject({ type: 'done', outcome: 'success' });
  });

  it('Stop cancels the call to the model and stores what there was as stopped', async () => {
    const abandonedBefore = fake.abandoned;
    const stop = new AbortController();
    const response = await start(owner, { prompt: 'Slow one [fake:slow]', type: 'blog' }, stop.signal);
    const stream = events(response);
    let event = (await stream.next()).value as Event;
    while (event.type !== 'text') event = (await stream.next()).value as Event;
    stop.abort();
    await until(async () => (fake.abandoned > abandonedBefore ? true : undefined), 5000);
    const history = await until(async () => {
      const body = (await (await owner.request(adminApi.aiHistory)).json()) as { history: { prompt: string; outcome: string; output: string }[] };
      const row = body.history.find((h) => h.prompt === 'Slow one [fake:slow]');
      return row ? row : undefined;
    }, 5000);
    expect(history.outcome).toBe('stopped');
    expect(history.output.length).toBeGreaterThan(0);
    expect(history.output.length).toBeLessThan(fakeAnswers.blog.length);
  });

  it.each([
    ['unauthorised', 'The AI service refused the API key (401). Check AI_API_KEY.'],
    ['no-model', `The model "${modelName}" was not found at 127.0.0.1`],
    ['rate-limited', 'The AI service is limiting requests (429). Try again in a minute.'],
    ['server-error', 'had an error (500). Try again later.'],
    ['hang', `The AI service did not finish within ${timeoutMs / 1000} seconds (AI_TIMEOUT_MS).`],
    ['malformed', 'The AI service sent a response that could not be read (a malformed stream).'],
  ])('upstream %s: a clear message, never the key', async (marker, message) => {
    const all = await generate({ prompt: `Fails [fake:${marker}]`, type: 'blog' });
    const failure = last(all);
    expect(failure).toMatchObject({ type: 'error', outcome: 'failed' });
    expect(failure.message).toContain(message);
    expect(JSON.stringify(all)).not.toContain(apiKey);
  });

  it('bad input is a 400 with the message, never a call to the model', async () => {
    const before = fake.requests.length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ prompt: '   ', type: 'blog' }, { prompt: aiMessages.promptRequired.description }],
      [{ prompt: 'x'.repeat(aiLimits.promptMaxChars + 1), type: 'blog' }, { prompt: `The prompt is too long: at most 4,000 characters.` }],
      [{ prompt: 'ok', type: 'poem' }, { type: expect.any(String) as unknown as string }],
      [{ prompt: 'ok', type: 'service' }, { service: 'Choose the service to describe.' }],
    ];
    for (const [input, errors] of cases) {
      const answer = await owner.json(adminApi.aiGenerate, input);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ ok: false, errors });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('history lists every generation with its outcome, and deletes one', async () => {
    const body = (await (await owner.request(adminApi.aiHistory)).json()) as {
      history: { id: string; outcome: string; model: string; type: string }[];
      status: { model: string; endpointHost: string; lastCall: { outcome: string } };
    };
    expect(body.history.length).toBeGreaterThan(10);
    expect(new Set(body.history.map((h) => h.outcome))).toEqual(new Set(['success', 'warning', 'failed', 'stopped']));
    expect(body.status).toMatchObject({ model: modelName, endpointHost: new URL(fake.url).host, missing: [] });
    const id = body.history[0]!.id;
    const remove = () => owner.request(adminApi.aiGeneration(id), { method: 'DELETE', headers: { Origin: site.base } });
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
  });

  it(`${perHour} generations per hour per account, then 429 with when to retry`, async () => {
    const limited = await signedIn('limited@example.com');
    for (let i = 0; i < perHour; i++) expect(last(await generate({ prompt: `n${i} [fake:server-error]`, type: 'blog' }, limited)).type).toBe('error');
    const refused = await limited.json(adminApi.aiGenerate, { prompt: 'one more', type: 'blog' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(`You have used all ${perHour} generations for this 60 minutes. Try again in 60 minutes.`);
    // The tab reads the same count, so a reload still shows the limit and when it ends.
    const allowance = async (client: typeof limited) =>
      ((await (await client.request(adminApi.aiHistory)).json()) as { status: { allowance: { used: number; freeAt: number | null } } }).status.allowance;
    const used = await allowance(limited);
    expect(used.used).toBe(perHour);
    expect(used.freeAt! - Date.now()).toBeGreaterThan((aiLimits.windowMinutes - 1) * 60_000);
    expect((await allowance(owner)).freeAt).toBeNull();
    // The owner's own allowance is separate.
    expect(last(await generate({ prompt: 'still fine', type: 'meta' })).type).toBe('done');
  });
});

describe('AI generator not configured', () => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  beforeAll(async () => {
    target = await createTarget('sqlite');
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', AI_BASE_URL: '', AI_MODEL: '' });
    await site.start();
  });
  afterAll(async () => {
    await site?.stop();
    await target?.dispose();
  });

  it('says which settings to set', async () => {
    expect(runAdminScript('create', 'owner@example.com', password, target.url).stderr).toBe('');
    const client = new CookieClient(site.base, browserAgent);
    await client.json('/api/auth/sign-in', { email: 'owner@example.com', password });
    expect(await client.json(adminApi.aiGenerate, { prompt: 'hello', type: 'blog' })).toEqual({
      status: 409,
      body: { ok: false, error: 'The AI generator is not set up: set AI_BASE_URL and AI_MODEL.' },
    });
  });
});
