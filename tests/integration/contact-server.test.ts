/**
 * The lead pipeline end to end: the built server as a real process, a real SMTP sink, and the database inspected
 * directly. Runs on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '../../src/config/business';
import { checklist } from '../../src/config/checklist';
import { contactLimits } from '../../src/config/contact';
import { paths } from '../../src/config/paths';
import { requestPresets } from '../../src/lib/contact-presets';
import { type Db, openDatabase } from '../../src/server/db';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, SiteProcess } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { outboxSettled } from '../support/outbox';
import { until } from '../support/until';

const owner = 'owner@example.com';
let clientCounter = 0;
/** Each call a new client behind the one trusted proxy: the right-most address is the one the proxy appended. */
const nextClient = () => {
  clientCounter++;
  return `192.0.2.1, 203.0.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
};

function message(tag: string, extra: Record<string, string> = {}) {
  return { name: 'Jane Smith', email: 'jane@example.com', subject: `Enquiry ${tag}`, message: `Please help with SEO (${tag}).`, ...extra };
}

describe.each(databaseNames())('contact pipeline on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let sink: SmtpSink;
  let site: SiteProcess;

  const send = (body: object, client = nextClient(), headers: Record<string, string> = {}) =>
    site.post('/api/contact', JSON.stringify(body), { 'Content-Type': 'application/json', 'X-Forwarded-For': client, ...headers });
  const mailsWithSubject = (subject: string) => sink.received.filter((m) => m.headers.subject === `New enquiry: ${subject}`);
  const countMessages = async () =>
    Number(
      (
        await db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    sink = new SmtpSink(await freePort());
    await sink.start();
    site = new SiteProcess(await freePort(), {
      DATABASE_URL: target.url,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      CONTACT_TO: owner,
      TRUST_PROXY: 'true',
      OUTBOX_POLL_MS: '100',
      OUTBOX_BASE_DELAY_MS: '200',
      OUTBOX_MAX_DELAY_MS: '800',
    });
    await site.start();
    ({ db } = await openDatabase(name === 'sqlite' ? target.url : process.env.TEST_DATABASE_URL, target.options));
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    await sink?.stop();
    await db?.destroy();
    await target?.dispose();
  });

  it('stores a valid message, answers 201 and e-mails it to the owner once', async () => {
    const body = message('success', { type: 'audit' });
    const response = await send(body);
    expect(response.status).toBe(201);
    const json = (await response.json()) as { ok: boolean; id: string };
    expect(json.ok).toBe(true);
    const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', json.id).executeTakeFirst();
    expect(row).toMatchObject({ name: body.name, email: body.email, subject: body.subject, message: body.message, request_type: 'audit' });

    const [mail] = await until(async () => (mailsWithSubject(body.subject).length ? mailsWithSubject(body.subject) : undefined));
    expect(mail!.to).toEqual([owner]);
    expect(mail!.headers['reply-to']).toContain(body.email);
    expect(mail!.text).toContain(body.message);
    expect(mail!.text).toContain('Free SEO audit');
    expect(mail!.text).toContain(json.id);
    const outbox = await until(async () => {
      const r = await db.selectFrom('mail_outbox').selectAll().where('message_id', '=', json.id).executeTakeFirst();
      return r?.status === 'sent' ? r : undefined;
    });
    expect(outbox.attempts).toBe(1);
    // The row is marked sent after the mail server took the message: no other copy can follow.
    await outboxSettled(db, [json.id]);
    expect(mailsWithSubject(body.subject)).toHaveLength(1);
  });

  it('gives whoever asks for the checklist its download, and tells the owner it was requested', async () => {
    const body = message(`checklist-${name}`, { type: 'seo-checklist', message: requestPresets['seo-checklist'].message });
    const response = await send(body);
    expect(response.status).toBe(201);
    const json = (await response.json()) as { ok: boolean; id: string; download?: string };
    expect(json).toMatchObject({ ok: true, download: checklist.path });
    const [mail] = await until(async () => (mailsWithSubject(body.subject).length ? mailsWithSubject(body.subject) : undefined));
    expect(mail!.text).toContain('Free SEO checklist (PDF)');
    expect(mail!.text).toContain('Checklist: requested');
    // Any other request gets no download.
    const other = (await (await send(message(`no-checklist-${name}`, { type: 'call' }))).json()) as { download?: string };
    expect(other.download).toBeUndefined();
    // The file itself is served as a PDF.
    const file = await fetch(`${site.base}${checklist.path}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('keeps messages while SMTP is down and delivers each exactly once when it returns', async () => {
    await sink.stop();
    const tags = Array.from({ length: 6 }, (_, i) => `burst-${name}-${i}`);
    const responses = await Promise.all(tags.map((tag) => send(message(tag))));
    expect(responses.map((r) => r.status)).toEqual(tags.map(() => 201));
    // Let the worker fail a few times first.
    await until(async () => {
      const r = await db.selectFrom('mail_outbox').select('attempts').where('subject', '=', `New enquiry: Enquiry ${tags[0]}`).executeTakeFirst();
      return r && r.attempts >= 2 ? r : undefined;
    });
    expect(tags.every((tag) => mailsWithSubject(`Enquiry ${tag}`).length === 0)).toBe(true);
    await sink.start();
    await outboxSettled(db, await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id)));
    for (const tag of tags) expect(mailsWithSubject(`Enquiry ${tag}`), tag).toHaveLength(1);
  });

  it('loses nothing when the server restarts while SMTP is down', async () => {
    await sink.stop();
    const tags = Array.from({ length: 3 }, (_, i) => `restart-${name}-${i}`);
    const ids: string[] = [];
    for (const tag of tags) {
      const response = await send(message(tag));
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    await site.stop();
    await sink.start();
    await site.start();
    await outboxSettled(db, ids);
    for (const tag of tags) expect(mailsWithSubject(`Enquiry ${tag}`), tag).toHaveLength(1);
  }, 60_000);

  it('limits a client to 3 messages per 10 minutes, also across a restart', async () => {
    const client = nextClient();
    for (let i = 0; i < 3; i++) expect((await send(message(`limit-${i}`), client)).status).toBe(201);
    await site.stop();
    await site.start();
    const blocked = await send(message('limit-4'), client);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const json = (await blocked.json()) as { ok: boolean; error: string; retryAfterMinutes: number };
    expect(json.ok).toBe(false);
    expect(json.retryAfterMinutes).toBeGreaterThanOrEqual(9);
    expect(json.error).toBe(`Please wait ${json.retryAfterMinutes} minutes before submitting again.`);
    // Another client is not affected.
    expect((await send(message('limit-other'))).status).toBe(201);
    // A valid enquiry turned away is kept for the owner to call back, with the name and e-mail address given.
    const events = await db.selectFrom('security_events').select(['severity', 'email_tried']).where('type', '=', 'enquiry_refused').execute();
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]!.severity).toBe('medium');
    expect(events[0]!.email_tried).toBeTruthy();
  }, 60_000);

  it(`counts an IPv6 /64 as one address: ${contactLimits.maxPerAddress} enquiries from several of its addresses, then 429`, async () => {
    // A different sender each time (address and e-mail), so only the limit per address can refuse.
    for (let i = 0; i < contactLimits.maxPerAddress; i++) {
      expect(
        (await send(message(`slash64-${i}`, { email: `slash64-${i}@example.com` }), `192.0.2.1, 2001:db8:7:7:${i + 1}::1`)).status,
        `enquiry ${i + 1}`,
      ).toBe(201);
    }
    const blocked = await send(message('slash64-over', { email: 'slash64-over@example.com' }), '192.0.2.1, 2001:db8:7:7:ffff::2');
    expect(blocked.status).toBe(429);
    // Another /64 is another address.
    expect((await send(message('slash64-next', { email: 'slash64-next@example.com' }), '192.0.2.1, 2001:db8:7:8::1')).status).toBe(201);
  }, 60_000);

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = await countMessages();
    const response = await send({ ...message('honeypot'), website: 'https://spam.example' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
    expect(await countMessages()).toBe(before);
    const event = await db.selectFrom('security_events').selectAll().where('type', '=', 'honeypot_triggered').executeTakeFirst();
    expect(event?.severity).toBe('medium');
  });

  it('rejects every class of bad input with a clear JSON error and never a 5xx', async () => {
    const json = (r: Response) => r.json() as Promise<{ ok: boolean; error: string; errors?: Record<string, string> }>;
    const before = await countMessages();

    const tooLarge = await send({ ...message('big'), message: 'x'.repeat(40 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect((await json(tooLarge)).error).toMatch(/at most 32 KB/);

    // A same-site post (browsers always send Origin with one); without Origin, Astro's CSRF check refuses it (403).
    const wrongType = await site.post('/api/contact', 'name=x', { 'Content-Type': 'text/plain', Origin: site.base, 'X-Forwarded-For': nextClient() });
    expect(wrongType.status).toBe(415);
    expect((await json(wrongType)).ok).toBe(false);

    const malformed = await site.post('/api/contact', '{"name": "Jane', { 'Content-Type': 'application/json', 'X-Forwarded-For': nextClient() });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error).toBe('The request body is not valid JSON.');

    const notObject = await site.post('/api/contact', '[1,2]', { 'Content-Type': 'application/json', 'X-Forwarded-For': nextClient() });
    expect(notObject.status).toBe(400);

    const pollution = await site.post('/api/contact', '{"__proto__":{"admin":true},"name":"x"}', {
      'Content-Type': 'application/json',
      'X-Forwarded-For': nextClient(),
    });
    expect(pollution.status).toBe(400);

    const invalid = await send({ name: 'J', email: 'jane..x@example.com', subject: 'Hi', message: 'Short' });
    expect(invalid.status).toBe(400);
    expect(await json(invalid)).toEqual({
      ok: false,
      error: 'Please fix the errors below and try again.',
      errors: {
        name: 'Name must be at least 2 characters long',
        email: 'Please enter a valid email address',
        subject: 'Subject must be at least 5 characters long',
        message: 'Message must be at least 10 characters long',
      },
    });

    const get = await fetch(`${site.base}/api/contact`);
    expect(get.status).toBe(405);

    expect(await countMessages()).toBe(before);
    const types = (await db.selectFrom('security_events').select('type').execute()).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['invalid_input', 'validation_error', 'intrusion_attempt']));
  });

  it('strips markup before storing or mailing, records it as suspicious and alerts on a burst', async () => {
    const client = nextClient();
    const tag = `markup-${name}`;
    const response = await send(
      {
        name: 'Eve <b>Hacker</b>',
        email: 'eve@example.com',
        subject: `Enquiry ${tag}`,
        message: 'Hello <script>steal(document.cookie)</script> world, how much?',
      },
      client,
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Eve bHacker/b');
    expect(row.message).toBe('Hello  world, how much?');
    const [mail] = await until(async () => (mailsWithSubject(`Enquiry ${tag}`).length ? mailsWithSubject(`Enquiry ${tag}`) : undefined));
    expect(mail!.text).not.toMatch(/<script|<b>/);
    const suspicious = await db.selectFrom('security_events').selectAll().where('type', '=', 'suspicious_activity').execute();
    expect(suspicious[0]).toMatchObject({ severity: 'high' });
    expect(suspicious[0]!.details).toContain('name');

    // Two more high events within five minutes: one alert e-mail to the owner.
    await send({ ...message('x'), message: '<iframe src=//evil.example></iframe> hello there' });
    await send({ ...message('y'), message: 'javascript:alert(1) hello there' });
    const alerts = await until(async () => {
      const found = sink.received.filter((m) => m.headers.subject?.startsWith('Security alert'));
      return found.length ? found : undefined;
    });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toEqual([owner]);
  });

  it('answers a form post from a browser without JavaScript with pages', async () => {
    const form = (fields: Record<string, string>, origin = site.base) =>
      site.post('/api/contact', new URLSearchParams(fields).toString(), {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        Origin: origin,
        'X-Forwarded-For': nextClient(),
      });
    const crossSite = await form({ ...message('cross-site'), type: 'call' }, 'https://attacker.example');
    expect(crossSite.status).toBe(403);
    const ok = await form({ ...message('nojs'), type: 'call', website: '' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(paths.contactSent);
    const checklistRequest = await form({ ...message('nojs-checklist'), type: 'seo-checklist', website: '' });
    expect(checklistRequest.status).toBe(303);
    expect(checklistRequest.headers.get('location')).toBe(paths.checklistSent);
    const landing = await (await fetch(`${site.base}${paths.checklistSent}`)).text();
    expect(landing).toContain(`href="${checklist.path}"`);
    expect(landing).toContain(checklist.linkLabel);
    const bad = await form({ name: 'J', email: 'jane@example.com', subject: 'Enquiry nojs bad', message: 'short', type: 'call' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Validation Error');
    expect(html).toContain('Name must be at least 2 characters long');
    expect(html).toContain('value="Enquiry nojs bad"');
    expect(html).toMatch(/<option value="call" selected/);
  });
});

describe('without SMTP configured', () => {
  it('starts, warns once and keeps messages stored', async () => {
    const target = await createTarget('sqlite');
    const site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: 'true' });
    try {
      await site.start();
      for (let i = 0; i < 2; i++) {
        const response = await site.post('/api/contact', JSON.stringify(message(`nosmtp-${i}`)), {
          'Content-Type': 'application/json',
          'X-Forwarded-For': nextClient(),
        });
        expect(response.status).toBe(201);
      }
      expect(site.output.match(/SMTP_URL is not set/g)).toHaveLength(1);
      const { db } = await openDatabase(target.url);
      const rows = await db.selectFrom('mail_outbox').select(['status', 'recipient']).execute();
      expect(rows).toEqual([
        { status: 'pending', recipient: business.email },
        { status: 'pending', recipient: business.email },
      ]);
      await db.destroy();
    } finally {
      await site.stop();
      await target.dispose();
    }
  }, 60_000);
});
