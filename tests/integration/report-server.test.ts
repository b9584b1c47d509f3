/**
 * The client report through the built server, two instances on one database (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): last month's report prepared once and the owner told once; its figures equal the admin's
 * analytics for the same days; a summary stating a figure the report lacks refused; approval on both instances at once
 * sends one e-mail with the PDF and a link; the link's page (noindex) until it is withdrawn or expires (410, a page of
 * the site); a token that never was a link, 404.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { errorPages } from '../../src/config/pages';
import { reportContentIds, reportLimits, reportMessages, reportPaths, reportText } from '../../src/config/report';
import { writeAnalyticsQuery } from '../../src/lib/analytics-query';
import { formatCount } from '../../src/lib/format';
import type { ReportAnswer, ReportsAnswer } from '../../src/lib/report-types';
import type { AnalyticsViewAnswer } from '../../src/lib/admin-types';
import { type Db, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { addDays, monthBefore, monthOf } from '../../src/lib/days.mjs';
import { monthPeriod } from '../../src/server/features/report/period';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, logErrors, SiteProcess } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { pdfText } from '../support/pdf';
import { until } from '../support/until';
import { htmlErrors } from '../support/html-validate';
import { thisSiteAlias, thisSiteId } from '../../src/config/sites.mjs';

const owner = { email: 'owner@example.com', password: 'a long and unusual passphrase 8271' };
const contactTo = 'alerts@example.com';
/** The month the schedule prepares now: the one before this one (UK time). */
const month = monthBefore(monthOf(Date.now()));
const period = monthPeriod(month);

/** An e-mail's text as sent (quoted-printable soft breaks and escapes undone, across the parts of a multipart body). */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(databaseNames())('client report served by two instances on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let sink: SmtpSink;
  let sites: SiteProcess[] = [];
  let clients: CookieClient[] = [];
  let reportId = '';

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    // Ten days of visits in last month, and one the month before it.
    await db
      .insertInto('analytics_daily')
      .values([
        ...Array.from({ length: 10 }, (_, i) => ({
          day: addDays(period.from, i),
          page_views: 40 + i,
          visitors: 15 + i,
          visits: 18 + i,
          bounces: 3,
          engaged_ms: 30_000,
          conversions: i === 4 ? 2 : 0,
        })),
        { day: addDays(period.from, -3), page_views: 7, visitors: 3, visits: 3, bounces: 1, engaged_ms: 0, conversions: 0 },
      ])
      .execute();
    expect(runAdminScript('create', owner.email, owner.password, target.url).stderr).toBe('');
    sink = new SmtpSink(await freePort());
    await sink.start();
    const env = {
      DATABASE_URL: target.url,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      CONTACT_TO: contactTo,
      TRUST_PROXY: 'true',
      OUTBOX_POLL_MS: '100',
    };
    sites = [new SiteProcess(await freePort(), env), new SiteProcess(await freePort(), env)];
    await Promise.all(sites.map((site) => site.start()));
    clients = [];
    for (const [i, site] of sites.entries()) {
      const client = new CookieClient(site.base, { 'X-Forwarded-For': `203.0.113.${i + 10}`, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' });
      expect(await client.json('/api/auth/sign-in', owner)).toEqual({ status: 200, body: { ok: true } });
      clients.push(client);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await sink?.stop();
    await db?.destroy();
    await target?.dispose();
  });

  const readJson = async <T>(client: CookieClient, path: string) => {
    const response = await client.request(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  /**
   * Every queued e-mail handed to the mail server (a row is marked sent once the server took it). A second copy would
   * be a second row, so once none is pending the sink holds every copy there will be: no waiting on a clock.
   */
  const outboxDrained = () =>
    until(async () => ((await db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').executeTakeFirst()) ? undefined : true), 30_000);

  it('prepares last month’s report once and tells the owner once, asked on both instances at once', async () => {
    // Nothing before the schedule's first pass (reportSchedule.firstPassAfterMs after start).
    expect(await db.selectFrom('reports').select('id').execute()).toEqual([]);
    const answers = await Promise.all(clients.map((client) => client.json(adminApi.reports.prepare)));
    const messages = answers.map((a) => String(a.body.error ?? a.body.message));
    expect(messages).toContain(reportMessages.prepared(period.label, 1, 0));
    expect(messages.filter((m) => m !== reportMessages.prepared(period.label, 1, 0))).toEqual([
      expect.stringMatching(new RegExp(`^(${reportMessages.prepared(period.label, 0, 0)}|${reportMessages.busy})$`)),
    ]);
    const rows = await until(async () => {
      const found = await db.selectFrom('reports').select(['id', 'status']).where('month', '=', month).execute();
      return found.length > 0 ? found : undefined;
    }, 30_000);
    const mail = await until(async () => sink.received.find((m) => m.headers.subject?.startsWith('Report ready to review')), 30_000);
    await outboxDrained();
    expect(rows).toHaveLength(1);
    expect(sink.received.filter((m) => m.headers.subject?.startsWith('Report ready to review'))).toHaveLength(1);
    expect(mail.to).toEqual([contactTo]);
    expect(mail.headers.subject).toContain(period.label);
    reportId = rows[0]!.id;
  });

  it('holds the figures the admin shows for the same days', async () => {
    const list = await readJson<ReportsAnswer>(clients[0]!, adminApi.reports.list);
    expect(list.reports.map((r) => r.id)).toContain(reportId);
    const { report } = await readJson<ReportAnswer>(clients[1]!, adminApi.reports.one(reportId));
    const params = writeAnalyticsQuery({ period: 'custom', from: period.from, to: period.to }).toString();
    const { view } = await readJson<AnalyticsViewAnswer>(clients[0]!, `/api/admin/analytics/view?${params}`);
    expect(report.data.sections.visits).toMatchObject({
      available: true,
      data: {
        current: { visitors: view.current.visitors, visits: view.current.visits, pageViews: view.current.pageViews, conversions: view.current.conversions },
      },
    });
    expect(view.current.visitors).toBe(195);
    // The admin's PDF of it holds them as text.
    const pdf = await clients[0]!.request(adminApi.reports.pdf(reportId));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const figure of [view.current.visitors, view.current.visits, view.current.pageViews]) expect(text).toContain(formatCount(figure));
  });

  it('names the field of a form it refuses: no period, a year that is a typing slip, a summary that is not text', async () => {
    expect(await clients[0]!.json(adminApi.reports.list, { site: 'this' })).toEqual({
      status: 400,
      body: { ok: false, errors: { from: reportMessages.monthOrDays, to: reportMessages.monthOrDays } },
    });
    expect(await clients[0]!.json(adminApi.reports.list, { site: 'this', month: '0001-01' })).toEqual({
      status: 400,
      body: { ok: false, errors: { month: reportMessages.badMonth } },
    });
    expect(await clients[0]!.json(adminApi.reports.action(reportId, 'summary'), { summary: 42 })).toEqual({
      status: 400,
      body: { ok: false, errors: { summary: reportMessages.summaryNotText } },
    });
  });

  it('refuses a summary stating a figure the report does not hold, and keeps one that is grounded', async () => {
    const { report } = await readJson<ReportAnswer>(clients[0]!, adminApi.reports.one(reportId));
    const visits = report.data.sections.visits.available ? report.data.sections.visits.data.current.visits : null;
    const made = await clients[0]!.json(adminApi.reports.action(reportId, 'summary'), { summary: 'Visits doubled to 4,321 this month.' });
    // Named with what the report says of that metric for the month.
    expect(made).toEqual({
      status: 400,
      body: { ok: false, errors: { summary: reportMessages.summaryFigures([`4,321 (visits: the report says ${visits})`]) } },
    });
    const grounded = `${formatCount(195)} people visited in ${period.label}.`;
    const saved = await clients[1]!.json(adminApi.reports.action(reportId, 'summary'), { summary: grounded });
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as ReportAnswer).report.summary).toBe(grounded);
  });

  it('sends once when approved on both instances at once, with the PDF and a link that opens until withdrawn', async () => {
    const before = sink.received.length;
    const answers = await Promise.all(clients.map((client) => client.json(adminApi.reports.action(reportId, 'approve'))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const mails = await sink.waitFor(before + 1, 30_000);
    await outboxDrained();
    const sent = sink.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(mails.at(-1)!.to).toEqual([contactTo]);
    const raw = decoded(sent[0]!.text);
    expect(raw).toContain('application/pdf');
    expect(raw).toContain(`-${month}.pdf`);
    const token = /\/reports\/([A-Za-z0-9_-]{43})/.exec(raw)![1]!;

    // The client's page, on either instance: the report, kept out of search.
    const page = await fetch(`${sites[1]!.base}${reportPaths.shared(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(await htmlErrors(html, 'report page')).toEqual([]);
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain(`${formatCount(195)} people visited`);
    expect(html).toContain(formatCount(195));
    const pdf = await fetch(`${sites[0]!.base}${reportPaths.sharedPdf(token)}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // Withdrawn: 410 with a page of the site, on both instances.
    const { report } = await readJson<ReportAnswer>(clients[0]!, adminApi.reports.one(reportId));
    expect(report.status).toBe('sent');
    const withdrawn = await clients[0]!.request(adminApi.reports.link(reportId, report.links[0]!.id), {
      method: 'DELETE',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await withdrawn.json()).toEqual({ ok: true, message: reportMessages.linkRevoked });
    for (const site of sites) {
      const gone = await fetch(`${site.base}${reportPaths.shared(token)}`);
      expect(gone.status).toBe(410);
      const text = await gone.text();
      expect(await htmlErrors(text, 'gone page')).toEqual([]);
      expect(text).toContain(reportText.linkGone);
      expect(text).toContain('<footer');
      expect((await fetch(`${site.base}${reportPaths.sharedPdf(token)}`)).status).toBe(410);
    }
  });

  it('answers 410 once a link has expired, and 404 for a token that never was one', async () => {
    const made = await clients[1]!.json(adminApi.reports.action(reportId, 'link'));
    expect(made.status).toBe(201);
    const url = String(made.body.url);
    const path = new URL(url).pathname;
    expect((await fetch(`${sites[0]!.base}${path}`)).status).toBe(200);
    await db
      .updateTable('report_links')
      .set({ expires_at: Date.now() - 1000 })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await fetch(`${sites[0]!.base}${path}`)).status).toBe(410);
    // A token that never was one: a page of the site, kept out of indexes and caches, from the page's and the PDF's address.
    for (const address of [reportPaths.shared('x'.repeat(43)), reportPaths.sharedPdf('x'.repeat(43))]) {
      const unknown = await fetch(`${sites[0]!.base}${address}`);
      expect(unknown.status, address).toBe(404);
      expect(unknown.headers.get('x-robots-tag'), address).toBe('noindex, nofollow');
      expect(unknown.headers.get('cache-control'), address).toBe('private, no-store');
      expect(await unknown.text(), address).toContain(errorPages.notFound.title);
    }
  });

  it('sends a report to each of the site’s recipients once, greeting its contact by name (issue 40)', async () => {
    const recipients = ['sarah@bright-bakery.example', 'accounts@bright-bakery.example', 'tom@bright-bakery.example'];
    const settings = { site: thisSiteId, contactName: 'Sarah', recipients: recipients.join('\n'), contents: [...reportContentIds] };
    // Refused over HTTP as in the form: one address too many, named on its field.
    const tooMany = Array.from({ length: reportLimits.recipientsMax + 1 }, (_, i) => `p${i}@bright-bakery.example`).join('\n');
    expect(await clients[0]!.json(adminApi.reports.siteSettings, { ...settings, recipients: tooMany })).toEqual({
      status: 400,
      body: { ok: false, errors: { recipients: reportMessages.tooManyRecipients } },
    });
    expect(await clients[0]!.json(adminApi.reports.siteSettings, settings)).toMatchObject({ status: 200, body: { ok: true } });
    // A page loaded before this site's id was one may still post `this`: read as this site's id, settings and all.
    const made = await clients[1]!.json(adminApi.reports.list, { site: thisSiteAlias, from: period.from, to: addDays(period.from, 6) });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    const before = sink.received.length;
    const answers = await Promise.all(clients.map((client) => client.json(adminApi.reports.action(id, 'approve'))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await sink.waitFor(before + recipients.length, 30_000);
    await outboxDrained();
    const sent = sink.received.slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([...recipients].sort().map((address) => [address]));
    for (const mail of sent) {
      const raw = decoded(mail.text);
      expect(raw).toContain('Dear Sarah,');
      expect(raw).toContain('application/pdf');
    }
  });

  it('logged no error', () => {
    for (const site of sites) expect(logErrors(site.output)).toEqual([]);
  });
});
