/**
 * The free instant audit against a fixture site on loopback (allowed through SITE_CHECK_ALLOW_HOSTS), on SQLite and
 * PostgreSQL: progress streamed, the planted defects in the results, markup from the site shown as text, the recent
 * result for the same site, the limits and refusals, a site that is down, the report by e-mail (enquiry + PDF through
 * the outbox), the admin's list and conversion rate, the 30-day clean-up, the queue kept in the database, and (on
 * PostgreSQL) two server processes sharing one queue and its cap.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { auditLimits, auditMessages, quotedSite, ruleWhy } from '../../src/config/audit';
import { contactLimits } from '../../src/config/contact';
import { paths } from '../../src/config/paths';
import type { AuditsAnswer } from '../../src/lib/audit-types';
import { plural } from '../../src/lib/plural.mjs';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import type { Db } from '../../src/server/db';
import { openDatabase } from '../../src/server/db';
import { deleteOldAudits } from '../../src/server/features/audit/queries';
import { hostPort } from '../../src/server/features/sitecheck/address-guard.mjs';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { expectedRules, FixtureSite } from '../support/fixture-site';
import { freePort, SiteProcess } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { until } from '../support/until';

it('every rule of the checker has its plain-English "why"', () => {
  expect(Object.keys(ruleWhy).sort()).toEqual(Object.keys(rules).sort());
});

let clients = 0;
const nextClient = () => `198.51.${100 + Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;

/** The report key a start answer gave this browser, as its Cookie header sends it back. */
const keyOf = (response: Response) => response.headers.getSetCookie()[0]!.split(';')[0]!;

/** The plain-text part of a multipart mail, decoded. */
function textPart(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n([\s\S]*?)\r\n--/.exec(raw)!;
  const body = part[2]!;
  if (/base64/i.test(part[1]!)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(part[1]!)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe.each(databaseNames())('the free audit on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let sink: SmtpSink;
  let site: SiteProcess;
  let owner: CookieClient;
  let closedPort: number;
  // Plain HTTP; /slow answers after a second, long enough to see the audit in progress.
  const fixture = new FixtureSite('audit', 1000, false);
  // A second copy of the fixture, so limits can be tested without the first one's recent result.
  const other = new FixtureSite('audit', 0, false);
  // Three more sites whose slow page takes three seconds: two audits run, the third waits its turn.
  const busy = [0, 1, 2].map(() => new FixtureSite('audit', 3000, false));
  // One more, audited once the queue test has freed the places it held.
  const spare = new FixtureSite('audit', 0, false);
  // Audited from the addresses of one IPv6 /64.
  const ipv6 = new FixtureSite('audit', 0, false);
  // Sites whose start page is huge, loops, or never answers.
  const huge = new FixtureSite('defects', 500, false);
  const loop = new FixtureSite('defects', 500, false);
  const hang = new FixtureSite('audit', Number.POSITIVE_INFINITY, false);

  const start = (body: Record<string, string>, client = nextClient()) =>
    site.post(paths.auditApi, JSON.stringify({ elapsed: '5000', ...body }), { 'Content-Type': 'application/json', 'X-Forwarded-For': client });
  /** "Email me the full report", from a browser holding `key` (or none), at `client`. */
  const askReport = (id: string, body: Record<string, string>, key: string | null, client = nextClient()) =>
    site.post(paths.auditReport(id), JSON.stringify(body), { 'Content-Type': 'application/json', 'X-Forwarded-For': client, ...(key ? { Cookie: key } : {}) });
  /** Keys of their own to a recent audit of `origin`, for `count` visitors shown it. */
  const sharedKeys = async (origin: string, id: string, count: number) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await start({ url: origin });
      expect(((await response.json()) as { id: string }).id).toBe(id);
      keys.push(keyOf(response));
    }
    return keys;
  };
  let firstAudit: { id: string; origin: string; key: string };
  const finished = async (id: string) => {
    const row = () => db.selectFrom('audits').selectAll().where('id', '=', id).executeTakeFirst();
    try {
      return await until(
        async () => {
          const found = await row();
          return found && (found.status === 'done' || found.status === 'failed') ? found : undefined;
        },
        50_000,
        100,
      );
    } catch (error) {
      // Say where it stood, and what the server said, rather than only that the wait ran out.
      const { report: _, ...state } = (await row()) ?? {};
      throw new Error(`audit ${id} did not finish: ${JSON.stringify(state)}\n${site.output.split('\n').slice(-20).join('\n')}`, { cause: error });
    }
  };

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    await Promise.all([fixture, other, ...busy, spare, ipv6, huge, loop, hang].map((f) => f.start()));
    sink = new SmtpSink(await freePort());
    await sink.start();
    closedPort = await freePort();
    site = new SiteProcess(await freePort(), {
      DATABASE_URL: target.url,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      CONTACT_TO: 'owner@example.com',
      TRUST_PROXY: 'true',
      OUTBOX_POLL_MS: '100',
      SITE_CHECK_ALLOW_HOSTS: [
        ...[fixture, other, ...busy, spare, ipv6, huge, loop, hang].map((f) => hostPort(new URL(f.origin))),
        `127.0.0.1:${closedPort}`,
      ].join(','),
    });
    await site.start();
    ({ db } = await openDatabase(name === 'sqlite' ? target.url : process.env.TEST_DATABASE_URL, target.options));
    expect(runAdminScript('create', 'owner@example.com', 'a sensible long passphrase', target.url).stderr).toBe('');
    owner = new CookieClient(site.base, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
    expect((await owner.json('/api/auth/sign-in', { email: 'owner@example.com', password: 'a sensible long passphrase' })).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await site?.stop();
    await sink?.stop();
    await Promise.all([fixture, other, ...busy, spare, ipv6, huge, loop, hang].map((f) => f.stop()));
    await db?.destroy();
    await target?.dispose();
  });

  it('streams progress, then shows the score, the planted defects and markup as text, then the report by e-mail', async () => {
    const response = await start({ url: fixture.origin });
    expect(response.status).toBe(202);
    const { id, url } = (await response.json()) as { id: string; url: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(paths.auditResult(id));

    // The stream: progress events ("Checking page n of m…"), then the end.
    const stream = await fetch(`${site.base}${paths.auditEvents(id)}`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = await stream.text();
    expect(events).toMatch(/event: progress\ndata: .*Checking page \d+ of \d+…/);
    expect(events).toMatch(/event: end\ndata: \{"status":"done"\}/);

    const row = await finished(id);
    expect(row.status).toBe('done');
    expect(row.score).toBeGreaterThan(0);
    expect(row.score).toBeLessThan(100);

    const page = await fetch(`${site.base}${url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain(`${row.score}</span>`);
    for (const rule of expectedRules.audit) expect(html).toContain(rules[rule]!.title);
    expect(html).toContain(ruleWhy['title-missing']);
    const counts = { errors: row.errors!, warnings: row.warnings!, notices: row.notices!, pages: row.pages! };
    expect(html).toContain(auditMessages.summary(counts));
    // The fixture's title is markup: it appears escaped, never as an element.
    expect(html).not.toContain('<b id="injected">');
    expect(html).not.toContain('onerror="window.injected');
    expect(html).toContain('&lt;b id=&quot;injected&quot;&gt;Bold&lt;/b&gt;');
    // robots.txt respected: the disallowed page is not read.
    expect(row.report).not.toContain('/private"');

    // The report by e-mail, from the browser that asked for the audit: an enquiry of type audit with the report
    // linked, and the PDF to the visitor. The name given is a link, as a spammer's would be.
    const key = keyOf(response);
    firstAudit = { id, origin: fixture.origin, key };
    const spammyName = 'Win big at https://spam.example/now';
    const report = await askReport(id, { name: spammyName, email: 'pat@example.com' }, key);
    expect(report.status).toBe(201);
    const lead = await db.selectFrom('contact_messages').selectAll().where('email', '=', 'pat@example.com').executeTakeFirstOrThrow();
    expect(lead.request_type).toBe('audit');
    expect(lead.message).toContain(`https://www.hale-digital.example${url}`);
    // The owner's copy counts as the results page does: "1 notice", never "1 notices".
    for (const [count, noun] of [
      [counts.errors, 'error'],
      [counts.warnings, 'warning'],
      [counts.notices, 'notice'],
      [counts.pages, 'page'],
    ] as const) {
      expect(lead.message).toContain(plural(count, noun));
    }
    expect((await db.selectFrom('audits').select('lead_id').where('id', '=', id).executeTakeFirstOrThrow()).lead_id).toBe(lead.id);
    const mails = await sink.waitFor(2);
    const toOwner = mails.find((m) => m.to.includes('owner@example.com'))!;
    expect(toOwner.headers.subject).toBe(`New enquiry: Free SEO audit report: ${new URL(fixture.origin).host}`);
    const toVisitor = mails.find((m) => m.to.includes('pat@example.com'))!;
    expect(toVisitor.headers['content-type']).toContain('multipart/mixed');
    // It greets nobody by name, and the audited site appears only quoted, never as the mail's words or a link.
    const text = textPart(toVisitor.text);
    const host = new URL(fixture.origin).host;
    expect(text).toMatch(/^Hello,\r?\n/);
    expect(text).not.toContain(spammyName);
    expect(text).not.toContain('spam.example');
    expect(text).toContain(quotedSite(host));
    expect(text).not.toContain(host);
    expect(toVisitor.headers.subject).not.toContain(host);
    expect(toVisitor.text).toContain('application/pdf');
    const pdfPart = /Content-Type: application\/pdf[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(toVisitor.text)![1]!;
    expect(Buffer.from(pdfPart.replace(/\s/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The owner's list and the conversion rate.
    const answer = (await (await owner.request(adminApi.audits)).json()) as AuditsAnswer;
    expect(answer.audits.find((a) => a.id === id)).toMatchObject({ site: fixture.origin, score: row.score, leadId: lead.id, status: 'done' });
    expect(answer.conversion.enquiries).toBe(1);
    expect(answer.conversion.rate).toBeGreaterThan(0);
  });

  it('sends the report only to the browser that asked for the audit, once; a visitor shown it as recent gets a key of their own', async () => {
    const { id, origin } = firstAudit;
    const body = (email: string) => ({ name: 'Sam Visitor', email });
    // No key, or a made-up one: refused, nothing stored or sent.
    const leads = async () =>
      Number(
        (
          await db
            .selectFrom('contact_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await leads();
    const keyless = await askReport(id, body('keyless@example.com'), null);
    expect(keyless.status).toBe(403);
    expect(((await keyless.json()) as { error: string }).error).toBe(auditMessages.reportNotYours);
    expect((await askReport(id, body('forged@example.com'), `hale-audit-${id}=${'A'.repeat(43)}`)).status).toBe(403);
    // The starter's key sent its one report (the test above): a second is refused.
    const again = await askReport(id, body('again@example.com'), firstAudit.key);
    expect(again.status).toBe(409);
    expect(await leads()).toBe(before);

    // Another visitor audits the same site within the window: the recent result, with a key of their own.
    const shared = await start({ url: origin });
    const answer = (await shared.json()) as { id: string; url: string; recentMinutes: number };
    expect(answer.id).toBe(id);
    const key = keyOf(shared);
    expect((await askReport(id, body('sam@example.com'), key)).status).toBe(201);
    const second = await askReport(id, body('sam-again@example.com'), key);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toBe(auditMessages.reportOnce);
    expect(await leads()).toBe(before + 1);

    // Only the hash of a key is stored.
    const stored = await db.selectFrom('audit_report_tokens').select('token_hash').where('audit_id', '=', id).execute();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(stored.map((r) => r.token_hash)).not.toContain(key.split('=')[1]);

    // The results page offers the form only to a browser holding an unspent key; others are told to audit the site.
    const pageWith = async (cookie: string | null) =>
      (await fetch(`${site.base}${paths.auditResult(id)}`, { headers: cookie ? { Cookie: cookie } : {} })).text();
    const stranger = await pageWith(null);
    expect(stranger).toContain('data-report-own-audit');
    expect(stranger).not.toContain('Email me the full report');
    expect(await pageWith(key)).toContain(auditMessages.reportSent);
    const fresh = keyOf(await start({ url: origin }));
    expect(await pageWith(fresh)).toContain('Email me the full report');
  });

  it(`e-mails one address at most ${auditLimits.reportsPerRecipient} reports a day, whoever asks`, async () => {
    const { id, origin } = firstAudit;
    const keys = await sharedKeys(origin, id, auditLimits.reportsPerRecipient + 1);
    const statuses: number[] = [];
    for (const [i, key] of keys.entries()) {
      // Each from its own browser and address, the address typed differently each time (a "+tag" delivers to the
      // same mailbox).
      const spellings = ['target@example.com', 'Target@Example.com', 'target+audit@example.com', 'TARGET+x@example.com'];
      const response = await askReport(id, { name: 'Someone Else', email: spellings[i % spellings.length]! }, key);
      statuses.push(response.status);
      if (response.status === 429) expect(((await response.json()) as { error: string }).error).toBe(auditMessages.reportRecipientLimit);
    }
    expect(statuses).toEqual([...keys.slice(1).map(() => 201), 429]);
    // The refused key was not spent: to another address it works.
    expect((await askReport(id, { name: 'Someone Else', email: 'another@example.com' }, keys.at(-1)!)).status).toBe(201);
  });

  it('counts an IPv6 /64 as one client: audits from several of its addresses, and reports', async () => {
    // Audits: the limit per client, from four addresses of one /64.
    const statuses: number[] = [];
    for (let i = 1; i <= auditLimits.perClient + 1; i++) statuses.push((await start({ url: ipv6.origin }, `2001:db8:1:1::${i}`)).status);
    expect(statuses).toEqual([...Array.from({ length: auditLimits.perClient }, () => 202), 429]);
    expect((await start({ url: ipv6.origin }, '2001:db8:1:2::1')).status).toBe(202);

    // Reports: the contact form's limit per address, each report from another address of one /64 (with keys given
    // to browsers elsewhere, and a different e-mail address each time).
    const { id, origin } = firstAudit;
    const keys = await sharedKeys(origin, id, contactLimits.maxPerAddress + 1);
    const reports: number[] = [];
    for (const [i, key] of keys.entries()) {
      reports.push((await askReport(id, { name: 'Pat Visitor', email: `slash64-${i}@example.com` }, key, `2001:db8:9:9:${i + 1}::7`)).status);
    }
    expect(reports).toEqual([...Array.from({ length: contactLimits.maxPerAddress }, () => 201), 429]);
  }, 60_000);

  it('shows the recent result for the same site, and refuses the fourth request in an hour', async () => {
    const client = nextClient();
    const first = (await (await start({ url: other.origin }, client)).json()) as { id: string; recentMinutes: number | null };
    expect(first.recentMinutes).toBeNull();
    await finished(first.id);
    const again = (await (await start({ url: `${other.origin}/` }, client)).json()) as { id: string; url: string; recentMinutes: number | null };
    expect(again).toMatchObject({ id: first.id, recentMinutes: 0, url: `${paths.auditResult(first.id)}?recent` });
    // The results page says how long ago, worked out from when the audit ran: "less than a minute", "1 minute", "3 minutes".
    const recentLine = async () => (await (await fetch(`${site.base}${again.url}`)).text()).replaceAll('&#x27;', "'");
    expect(await recentLine()).toContain(auditMessages.recent(0));
    expect(auditMessages.recent(0)).toContain('audited less than a minute ago');
    const ranAt = Number((await db.selectFrom('audits').select('created_at').where('id', '=', first.id).executeTakeFirstOrThrow()).created_at);
    for (const minutes of [1, 3]) {
      await db
        .updateTable('audits')
        .set({ created_at: Date.now() - minutes * 60_000 - 20_000 })
        .where('id', '=', first.id)
        .execute();
      expect(await recentLine()).toContain(auditMessages.recent(minutes));
    }
    expect(auditMessages.recent(1)).toContain('audited 1 minute ago');
    expect(auditMessages.recent(3)).toContain('audited 3 minutes ago');
    // Without "?recent" (the one who ran it, or a shared link) the page does not say it.
    expect(await (await fetch(`${site.base}${paths.auditResult(first.id)}`)).text()).not.toContain('ago, so here is that result');
    await db.updateTable('audits').set({ created_at: ranAt }).where('id', '=', first.id).execute();
    expect((await start({ url: other.origin }, client)).status).toBe(202);
    const fourth = await start({ url: other.origin }, client);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).not.toBeNull();
    expect(((await fourth.json()) as { error: string }).error).toContain(`${auditLimits.perClient} audits in the last hour`);
    // A browser without JavaScript gets the form back with the reason.
    const page = await site.post(paths.auditApi, `url=${encodeURIComponent(other.origin)}`, {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
      Origin: site.base,
      'X-Forwarded-For': client,
    });
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(html).toContain(`${auditLimits.perClient} audits in the last hour`);
    expect(html).toContain(`value="${other.origin}"`);
  });

  it('refuses private addresses, this site’s admin, other schemes, bots and forms sent too fast, with clear messages', async () => {
    const refusal = async (body: Record<string, string>) => {
      const response = await start(body);
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    };
    expect(await refusal({ url: 'http://10.0.0.1/' })).toEqual({ status: 400, error: expect.stringContaining('private address (10.0.0.1, private network)') });
    expect(await refusal({ url: 'http://127.0.0.1:9/' })).toEqual({ status: 400, error: expect.stringContaining('private address (127.0.0.1, loopback)') });
    expect(await refusal({ url: 'http://169.254.169.254/latest/meta-data' })).toMatchObject({ status: 400, error: expect.stringContaining('link-local') });
    expect(await refusal({ url: 'http://localhost:8080/' })).toMatchObject({ status: 400, error: expect.stringContaining('private address') });
    expect(await refusal({ url: 'ftp://example.com' })).toEqual({ status: 400, error: 'Only http and https addresses can be checked, not ftp: addresses.' });
    expect(await refusal({ url: 'https://www.hale-digital.example/admin' })).toEqual({ status: 400, error: auditMessages.adminRefused });
    expect(await refusal({ url: fixture.origin, elapsed: '300' })).toEqual({ status: 400, error: auditMessages.tooFast });
    expect(await refusal({ url: fixture.origin, website: 'http://spam.example' })).toEqual({ status: 400, error: auditMessages.unavailable });
    // None of these started an audit.
    const count = await db
      .selectFrom('audits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site', 'in', ['http://10.0.0.1', 'http://127.0.0.1:9', 'http://localhost:8080', 'https://www.hale-digital.example'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it(`runs ${auditLimits.running} at once; the next waits with its place in the queue shown`, async () => {
    const ids: string[] = [];
    for (const f of busy) {
      const response = await start({ url: f.origin });
      expect(response.status).toBe(202);
      ids.push(((await response.json()) as { id: string }).id);
    }
    // The third one's first event: queued, first in line.
    expect(await firstEvent(site.base, ids[2]!)).toMatchObject({ status: 'queued', position: 1, text: auditMessages.queued(1) });
    const page = await (await fetch(`${site.base}${paths.auditResult(ids[2]!)}`)).text();
    expect(page).toContain(auditMessages.queued(1));
    // Without JavaScript the page refreshes itself while the audit waits or runs.
    expect(page).toMatch(/<noscript>\s*<meta http-equiv="refresh" content="2">\s*<\/noscript>/);
    for (const id of ids) expect((await finished(id)).status).toBe('done');
  }, 90_000);

  it('keeps the queue in the database: places are site-wide, a full queue is refused, a dead process’s place is freed', async () => {
    const now = Date.now();
    const row = (id: string, status: 'queued' | 'running', at: number) => ({
      id,
      site: `https://${id}.example`,
      domain: `${id}.example`,
      start_url: `https://${id}.example/`,
      status,
      created_at: at,
      updated_at: at,
      phase: status === 'queued' ? 'queued' : 'pages',
      progress_done: 0,
      progress_total: 0,
    });
    // As other processes would leave it: two audits running (written to just now) and a full queue behind them.
    const held = ['held-place-for-the-queue-test-a', 'held-place-for-the-queue-test-b'];
    const waiting = Array.from({ length: auditLimits.queueMax }, (_, i) => `waiting-place-for-the-queue-test-${i}`);
    await db
      .insertInto('audits')
      .values([...held.map((id) => row(id, 'running', now)), ...waiting.map((id, i) => row(id, 'queued', now + i))])
      .execute();
    // A waiting audit's place is read from the database, whichever process took it in.
    expect(await firstEvent(site.base, waiting[4]!)).toMatchObject({ status: 'queued', position: 5, text: auditMessages.queued(5) });
    expect(await (await fetch(`${site.base}${paths.auditResult(waiting[6]!)}`)).text()).toContain(auditMessages.queued(7));

    const full = await start({ url: spare.origin });
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('120');
    expect(((await full.json()) as { error: string }).error).toBe(auditMessages.queueFull);

    // The queue empties, but the two running audits' process died: not written to for longer than any audit runs.
    await db.deleteFrom('audits').where('id', 'in', waiting).execute();
    const stale = Date.now() - (auditLimits.deadlineSeconds * 1000 + 30_000) - 1000;
    await db.updateTable('audits').set({ updated_at: stale }).where('id', 'in', held).execute();
    const response = await start({ url: spare.origin });
    expect(response.status).toBe(202);
    expect((await finished(((await response.json()) as { id: string }).id)).status).toBe('done');
    const freed = await db.selectFrom('audits').select(['status', 'message']).where('id', 'in', held).execute();
    expect(freed).toEqual(held.map(() => ({ status: 'failed', message: auditMessages.interrupted })));
  }, 60_000);

  it('says so, never a 5xx, when the site is down', async () => {
    const response = await start({ url: `http://127.0.0.1:${closedPort}` });
    expect(response.status).toBe(202);
    const { id, url } = (await response.json()) as { id: string; url: string };
    const row = await finished(id);
    expect(row.status).toBe('failed');
    expect(row.message).toContain('could not be reached: the connection was refused');
    const page = await fetch(`${site.base}${url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('The audit could not be completed');
    expect((await fetch(`${site.base}${paths.auditResult('no-such-audit-id-here-at-all')}`)).status).toBe(404);
  });

  it('says so when the start page is huge, loops or never answers', async () => {
    const audit = async (url: string) => finished(((await (await start({ url })).json()) as { id: string }).id);
    const [big, looping, silent] = await Promise.all([audit(`${huge.origin}/huge`), audit(`${loop.origin}/loop-a`), audit(`${hang.origin}/slow`)]);
    expect(big.status).toBe('done');
    expect(big.report).toContain('"rule":"too-large"');
    expect(looping.status).toBe('done');
    expect(looping.report).toContain('"rule":"redirect-loop"');
    expect(silent.status).toBe('failed');
    expect(silent.message).toContain(`could not be reached: no answer within ${auditLimits.requestTimeoutMs / 1000} s`);
    const page = await (await fetch(`${site.base}${paths.auditResult(looping.id)}`)).text();
    expect(page).toContain(rules['redirect-loop']!.title);
  }, 60_000);

  it('keeps audits 30 days', async () => {
    const old = Date.now() - (auditLimits.retentionDays + 1) * 86_400_000;
    await db
      .insertInto('audits')
      .values({
        id: 'old-audit-id-for-the-retention-test',
        site: 'https://old.example',
        domain: 'old.example',
        start_url: 'https://old.example/',
        status: 'done',
        created_at: old,
        updated_at: old,
        phase: 'pages',
        progress_done: 0,
        progress_total: 0,
      })
      .execute();
    await deleteOldAudits(db);
    expect(await db.selectFrom('audits').select('id').where('id', '=', 'old-audit-id-for-the-retention-test').executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('audits').select('id').executeTakeFirst()).toBeDefined();
  });
});

/** The first server-sent event of an audit's stream, as the results page's script reads it. */
async function firstEvent(base: string, id: string): Promise<{ status: string; position: number | null; text: string }> {
  const stream = await fetch(`${base}${paths.auditEvents(id)}`);
  const reader = stream.body!.getReader();
  let text = '';
  while (!text.includes('\n\n')) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  await reader.cancel();
  return JSON.parse(/data: (.*)/.exec(text)![1]!) as { status: string; position: number | null; text: string };
}

describe.runIf(databaseNames().includes('postgres'))('the free audit across two server processes on one PostgreSQL database', () => {
  let target: DatabaseTarget;
  let db: Db;
  const sites: SiteProcess[] = [];
  // Five sites whose slow page takes three seconds: two audits run for the whole site, three wait.
  const slow = [0, 1, 2, 3, 4].map(() => new FixtureSite('audit', 3000, false));

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget('postgres');
    await Promise.all(slow.map((f) => f.start()));
    const env = {
      DATABASE_URL: target.url,
      SMTP_URL: '',
      TRUST_PROXY: 'true',
      SITE_CHECK_ALLOW_HOSTS: slow.map((f) => hostPort(new URL(f.origin))).join(','),
    };
    sites.push(new SiteProcess(await freePort(), env), new SiteProcess(await freePort(), env));
    await Promise.all(sites.map((s) => s.start()));
    ({ db } = await openDatabase(process.env.TEST_DATABASE_URL, target.options));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(sites.map((s) => s.stop()));
    await Promise.all(slow.map((f) => f.stop()));
    await db?.destroy();
    await target?.dispose();
  });

  it(`runs at most ${auditLimits.running} at once for the whole site, in arrival order, with site-wide places shown by either process`, async () => {
    // Watch the audits table throughout: never more than the cap running, and never a later arrival started before an
    // earlier one still waiting.
    let watching = true;
    let mostRunning = 0;
    const outOfOrder: string[] = [];
    const watcher = (async () => {
      while (watching) {
        const rows = await db.selectFrom('audits').select(['id', 'status', 'created_at']).orderBy('created_at').orderBy('id').execute();
        mostRunning = Math.max(mostRunning, rows.filter((r) => r.status === 'running').length);
        const firstWaiting = rows.findIndex((r) => r.status === 'queued');
        if (firstWaiting >= 0 && rows.slice(firstWaiting).some((r) => r.status !== 'queued')) outOfOrder.push(rows.map((r) => r.status).join(' '));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    try {
      // One after another, alternating between the processes, so the arrival order is known.
      const ids: string[] = [];
      for (const [i, f] of slow.entries()) {
        const response = await sites[i % 2]!.post(paths.auditApi, JSON.stringify({ elapsed: '5000', url: f.origin }), {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `203.0.113.${i + 1}`,
        });
        expect(response.status).toBe(202);
        ids.push(((await response.json()) as { id: string }).id);
      }

      // The first two have been taken up (on a loaded machine that can come a moment after their POSTs answered).
      await until(async () => {
        const running = await db
          .selectFrom('audits')
          .select('id')
          .where('id', 'in', ids.slice(0, auditLimits.running))
          .where('status', '=', 'running')
          .execute();
        return running.length === auditLimits.running ? true : undefined;
      }, 15_000);
      // The three that wait show their place in the site-wide queue, through the process that did not take them in.
      for (const [place, i] of [2, 3, 4].entries()) {
        const other = sites[(i + 1) % 2]!;
        expect(await firstEvent(other.base, ids[i]!)).toMatchObject({ status: 'queued', position: place + 1, text: auditMessages.queued(place + 1) });
      }
      // Without JavaScript too: the page that refreshes itself says the same.
      expect(await (await fetch(`${sites[1]!.base}${paths.auditResult(ids[4]!)}`)).text()).toContain(auditMessages.queued(3));

      const rows = await until(
        async () => {
          const found = await db.selectFrom('audits').select(['id', 'status', 'message']).where('id', 'in', ids).execute();
          return found.every((r) => r.status === 'done' || r.status === 'failed') ? found : undefined;
        },
        60_000,
        100,
      );
      expect(rows.map((r) => [r.status, r.message])).toEqual(ids.map(() => ['done', null]));
    } finally {
      watching = false;
      await watcher;
    }
    expect(mostRunning).toBe(auditLimits.running);
    expect(outOfOrder).toEqual([]);
  }, 90_000);
});
