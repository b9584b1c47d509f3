/**
 * The monthly client report on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL, at the feature's level: the
 * report's figures equal the admin's (the same functions), the PDF's text holds them, a part without data says so,
 * the schedule prepares and sends once per site and month with two processes, a link expires and can be withdrawn,
 * and a summary's figures are checked against the report.
 */
import { business } from '../../src/config/business';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportLimits, reportMessages, reportSectionTitles, noData } from '../../src/config/report';
import { type Db, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { performanceBetween, totals } from '../../src/server/features/analytics/report';
import { analyticsViewOf } from '../../src/server/features/analytics/view';
import { enquiriesOnDays } from '../../src/server/features/contact/inbox';
import { bucketOf } from '../../src/server/features/analytics/histogram';
import { formatCount } from '../../src/lib/format';
import { layOutReport, reportTexts, ungroundedFigures } from '../../src/lib/report-layout';
import { monthPeriod } from '../../src/server/features/report/period';
import { reportPdf } from '../../src/server/features/report/pdf';
import { type ReportDeps, buildReport, makeReport, runReportSchedule, sendReport } from '../../src/server/features/report/service';
import { ownSources, withSources } from '../../src/server/features/report/sources';
import { createLink, linkState, readReport, revokeLink, setAutoSend, writeSummary } from '../../src/server/features/report/store';
import { draftSummary } from '../../src/server/features/report/summary';
import { makeReportFromForm } from '../../src/server/features/report/endpoint';
import { openSharedReport } from '../../src/server/features/report/shared';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { pdfInfo, pdfStructure, pdfText } from '../support/pdf';
import { recordState, replaceDays, stageRows } from '../../src/server/features/search/store.mjs';
import { searchOverview, topPages, topQueries } from '../../src/server/features/search/view';
import { listAlerts, siteWithHealth } from '../../src/server/features/watch/health';
import { eraseSite, getSite, removeSite } from '../../src/server/features/watch/sites';
import { reportSources } from '../../src/server/features/report/sources';
import { thisSiteId } from '../../src/config/sites.mjs';

const siteUrl = 'https://www.hale-digital.example';
const owner = 'owner@hale-digital.example';
const month = '2026-10';
/** The schedule's "now": the first of the next month, mid-morning in the UK. */
const scheduleNow = Date.UTC(2026, 10, 1, 9, 0);

/** A fortnight of visits in the month, a few in the month before and the same month last year; vitals; enquiries. */
async function seed(db: Db) {
  const days = Array.from({ length: 14 }, (_, i) => `2026-10-${String(i + 3).padStart(2, '0')}`);
  await db
    .insertInto('analytics_daily')
    .values([
      ...days.map((day, i) => ({
        day,
        page_views: 30 + i,
        visitors: 10 + i,
        visits: 12 + i,
        bounces: 4,
        engaged_ms: 60_000,
        conversions: i % 5 === 0 ? 1 : 0,
      })),
      { day: '2026-09-20', page_views: 50, visitors: 20, visits: 22, bounces: 5, engaged_ms: 10_000, conversions: 1 },
      { day: '2025-10-11', page_views: 9, visitors: 4, visits: 4, bounces: 1, engaged_ms: 1_000, conversions: 0 },
    ])
    .execute();
  const vitals = [];
  for (const [metric, value] of [
    ['LCP', 2100],
    ['INP', 180],
    ['CLS', 0.05],
  ] as const) {
    vitals.push({
      day: '2026-10-05',
      path: '/',
      form_factor: 'mobile',
      metric,
      samples: 8,
      good: 8,
      needs_improvement: 0,
      poor: 0,
      histogram: JSON.stringify({ [bucketOf(metric, value)]: 8 }),
    });
  }
  await db.insertInto('analytics_daily_vitals').values(vitals).execute();
  const at = (iso: string) => Date.parse(iso);
  const lead = (id: string, created: number, status = 'new') => ({
    id,
    created_at: created,
    updated_at: created,
    request_type: 'quote',
    name: 'A client',
    email: 'client@example.com',
    subject: 'Hello',
    message: 'A message long enough.',
    status,
  });
  await db
    .insertInto('contact_messages')
    .values([
      lead('l1', at('2026-10-04T10:00:00Z')),
      lead('l2', at('2026-10-20T10:00:00Z')),
      lead('l3', at('2026-10-21T10:00:00Z'), 'spam'),
      // 31 October 23:30 UTC is already 1 November? No: GMT from 25 October, so it is 31 October in the UK.
      lead('l4', at('2026-10-31T23:30:00Z')),
      // 30 September 23:30 UTC is 1 October 00:30 in the UK (BST).
      lead('l5', at('2026-09-30T23:30:00Z')),
      lead('l6', at('2026-09-12T10:00:00Z')),
    ])
    .execute();
}

describe.each(databaseNames())('client report on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let deps: ReportDeps;
  const kicks: number[] = [];

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    await seed(db);
    deps = { db, sources: ownSources(db, siteUrl, owner), siteUrl, ownerEmail: owner, kickOutbox: () => kicks.push(1) };
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  it('holds the same figures as the admin, read by the same functions', async () => {
    const site = (await deps.sources.site(thisSiteId))!;
    const data = await buildReport(deps.sources, site, monthPeriod(month), scheduleNow);
    expect(data.period).toMatchObject({ from: '2026-10-01', to: '2026-10-31', label: 'October 2026' });
    // The analytics Overview for a custom range of the same days.
    const view = await analyticsViewOf(db, { period: 'custom', from: '2026-10-01', to: '2026-10-31' }, { retentionDays: 30, now: scheduleNow });
    expect(data.sections.visits).toEqual({
      available: true,
      data: {
        current: { visitors: view.current.visitors, visits: view.current.visits, pageViews: view.current.pageViews, conversions: view.current.conversions },
        previous: expect.objectContaining({ visitors: (await totals(db, '2026-09-01', '2026-09-30')).visitors }),
        lastYear: expect.objectContaining({ visits: 4 }),
        covered: null,
      },
    });
    // Enquiries by UK day, spam left out: 4, 20 and 31 October (23:30 GMT) and 1 October 00:30 BST.
    expect(data.sections.enquiries).toEqual({ available: true, data: { count: 4, previous: 1, lastYear: 0, covered: null } });
    expect(await enquiriesOnDays(db, '2026-10-01', '2026-10-31')).toBe(4);
    // The Performance tab's p75s for the month.
    const performance = await performanceBetween(db, '2026-10-01', '2026-10-31');
    const lcp = performance.siteWide.find((v) => v.metric === 'LCP' && v.formFactor === 'mobile')!;
    expect(data.sections.vitals.available && data.sections.vitals.data.rows.find((r) => r.metric === 'LCP' && r.formFactor === 'mobile')).toMatchObject({
      p75: lcp.p75,
      samples: 8,
      rating: 'good',
    });
    // What has no source yet says so, never zeros.
    expect(data.sections.search).toEqual({ available: false, reason: noData.search });
    expect(data.sections.crawl).toEqual({ available: false, reason: noData.crawl });
  });

  it('says "no data" for a month before the site was measured', async () => {
    const site = (await deps.sources.site(thisSiteId))!;
    const data = await buildReport(deps.sources, site, monthPeriod('2024-03'), scheduleNow);
    expect(data.sections.visits).toEqual({ available: false, reason: noData.visits });
    expect(data.sections.vitals).toEqual({ available: false, reason: noData.vitals });
    expect(data.sections.enquiries).toEqual({ available: true, data: { count: 0, previous: null, lastYear: null, covered: null } });
  });

  it('writes a tagged PDF whose text holds the figures, in the owner’s brand, for the client', async () => {
    const sources = withSources(deps.sources, {
      search: async () => ({
        available: true,
        data: {
          sources: ['Google'],
          missing: [],
          covered: null,
          partial: { previous: null, lastYear: null },
          current: { clicks: 1234, impressions: 56789, ctr: 1234 / 56789, position: 8.4 },
          previous: { clicks: 1000, impressions: 50000, ctr: 0.02, position: 9.1 },
          lastYear: null,
          topQueries: [{ key: 'seo hatfield', clicks: 321, impressions: 4000, ctr: 321 / 4000, position: 3.2 }],
          topPages: [{ key: '/services/seo', clicks: 400, impressions: 9000, ctr: 400 / 9000, position: 5.5 }],
          intoTop10: [{ query: 'web design hatfield', position: 7.5, previousPosition: 12.25 }],
          outOfTop10: [],
        },
      }),
    });
    const site = (await sources.site(thisSiteId))!;
    const data = await buildReport(sources, site, monthPeriod(month), scheduleNow);
    const pdf = await reportPdf(data, 'Visits rose this month.', `${siteUrl}/reports/x`);
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, pdf);
    const flat = pdfText(pdf);
    // Tagged: the title and section headings, tables with header cells, lists, in reading order.
    expect(pdfInfo(pdf)).toMatchObject({ Tagged: 'yes', Title: `${business.name}: report for October 2026`, 'PDF version': '1.7' });
    const tree = pdfStructure(pdf);
    const of = (type: string) => tree.filter((element) => element.type === type).map((element) => element.text);
    expect(of('H1')).toEqual([`${business.name}: report for October 2026`]);
    expect(of('H2')).toEqual([reportSectionTitles.summary, ...layOutReport(data).map((section) => section.title)]);
    expect(of('TH')).toContain('Impressions');
    expect(of('TD')).toContain('4,000');
    expect(tree.some((element) => element.type === 'Table')).toBe(true);
    for (const title of [reportSectionTitles.summary, reportSectionTitles.visits, reportSectionTitles.search, reportSectionTitles.topQueries])
      expect(flat).toContain(title);
    expect(flat).toContain('Hale Digital');
    expect(flat).toContain('Prepared for Hale Digital');
    expect(flat).toContain('October 2026');
    expect(flat).toContain('Visits rose this month.');
    // Every figure the report shows (the charts' included) is text in the PDF.
    for (const section of layOutReport(data))
      for (const block of section.blocks) if (block.type === 'figures') for (const f of block.items) expect(flat).toContain(f.value);
    expect(flat).toContain('1,234');
    expect(flat).toContain('56,789');
    expect(flat).toContain('seo hatfield');
    expect(flat).toContain('from position 12.3 to 7.5');
    expect(flat).toContain(noData.crawl);
    expect(flat).toContain(formatCount((data.sections.visits.available && data.sections.visits.data.current.visitors) || -1));
  });

  it('checks a summary’s figures against the report', async () => {
    const site = (await deps.sources.site(thisSiteId))!;
    const data = await buildReport(deps.sources, site, monthPeriod(month), scheduleNow);
    const visitors = data.sections.visits.available ? data.sections.visits.data.current.visitors : 0;
    expect(ungroundedFigures(`In October 2026 the site had ${formatCount(visitors)} unique visitors and 4 enquiries.`, data)).toEqual([]);
    const change = (visitors / (data.sections.visits.available ? data.sections.visits.data.previous!.visitors : 1) - 1) * 100;
    expect(ungroundedFigures('Traffic grew 37% and 999 people called.', data)).toEqual([
      `37 (visitors: the report says ${change >= 0 ? '+' : '-'}${Math.abs(Math.round(change * 10) / 10)}%)`,
      `999 (visitors: the report says ${visitors})`,
    ]);
    expect(reportTexts(data)).toContain('October 2026');
  });

  it('drafts a summary with the AI model, sending back a draft with a figure the report lacks', async () => {
    const site = (await deps.sources.site(thisSiteId))!;
    const data = await buildReport(deps.sources, site, monthPeriod(month), scheduleNow);
    const visitors = data.sections.visits.available ? data.sections.visits.data.current.visitors : 0;
    const answers = [`October brought 5,000 visitors and 4 enquiries.`, `October brought ${formatCount(visitors)} unique visitors and 4 enquiries.`];
    const prompts: string[] = [];
    const fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const request = JSON.parse(body) as { messages: { role: string; content: string }[] };
        prompts.push(request.messages.map((m) => m.content).join('\n'));
        const content = answers[Math.min(prompts.length - 1, answers.length - 1)];
        // Server-sent events, as the OpenAI-compatible API streams.
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.end(`${chunk({ role: 'assistant', content }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`);
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const port = (fake.address() as AddressInfo).port;
      const ai = { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'k', model: 'fake', timeoutMs: 10_000, maxOutputTokens: 500, generationsPerHour: 10 };
      const draft = await draftSummary({ db, ai, userId: 'owner' }, data);
      expect(draft).toEqual({ summary: answers[1], problems: [] });
      // The model was given the report's own lines, and told which figure it made up.
      expect(prompts[0]).toContain(`Unique visitors: ${formatCount(visitors)}`);
      expect(prompts[1]).toContain('5,000');
    } finally {
      fake.close();
    }
  });

  /**
   * A second process's connection. On PostgreSQL a real second pool, so the two race; SQLite's driver is synchronous,
   * so two connections in one process would block each other's thread: there the race between processes is the
   * server-level test's (report-server.test.ts), and here the second "process" shares the connection.
   */
  const secondConnection = async () => (name === 'postgres' ? (await openDatabase(target.url, target.options)).db : null);

  it('prepares each site’s monthly report once with two processes, tells the owner once, and sends once on approval', async () => {
    const otherDb = await secondConnection();
    const other = { db: otherDb ?? db };
    try {
      const second: ReportDeps = { ...deps, db: other.db, sources: ownSources(other.db, siteUrl, owner) };
      // Any day from the set day on prepares last month's report if it is missing (a server down on the day catches up).
      expect(await runReportSchedule(deps, Date.UTC(2026, 9, 31, 12))).toMatchObject({ month: '2026-09', prepared: [thisSiteId] });
      const [a, b] = await Promise.all([runReportSchedule(deps, scheduleNow), runReportSchedule(second, scheduleNow)]);
      expect([...a.prepared, ...b.prepared]).toEqual([thisSiteId]);
      // Again later (a restart): nothing more.
      expect((await runReportSchedule(second, scheduleNow + 3_600_000)).prepared).toEqual([]);
      const reports = await db.selectFrom('reports').selectAll().where('month', '=', month).execute();
      expect(reports).toHaveLength(1);
      const drafts = await db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'report_draft').where('subject', 'like', '%October 2026').execute();
      expect(drafts).toHaveLength(1);
      expect(drafts[0]).toMatchObject({ recipient: owner, subject: `Report ready to review: ${business.name}, October 2026` });

      const id = reports[0]!.id;
      expect(await writeSummary(db, id, 'A quiet month.')).toBe(true);
      // Two approvals at once (two tabs, two processes): one e-mail.
      const sent = await Promise.all([sendReport(deps, id, 'approval', scheduleNow), sendReport(second, id, 'approval', scheduleNow)]);
      expect(sent.filter(Boolean)).toEqual([owner]);
      const mails = await db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'client_report').execute();
      expect(mails).toHaveLength(1);
      const attachment = (JSON.parse(mails[0]!.attachments!) as { filename: string; base64: string }[])[0]!;
      expect(attachment.filename).toBe(`report-${business.name.toLowerCase().replace(/[^a-z0-9.-]+/g, '-')}-2026-10.pdf`);
      expect(pdfText(Buffer.from(attachment.base64, 'base64'))).toContain('A quiet month.');
      const link = /https:\/\/www\.hale-digital\.example\/reports\/([A-Za-z0-9_-]{43})/.exec(mails[0]!.body)![1]!;
      expect(await linkState(db, link, scheduleNow)).toEqual({ state: 'open', reportId: id });
      // Kept as sent: the summary can no longer change.
      expect(await writeSummary(db, id, 'Changed.')).toBe(false);
      expect((await readReport(db, id))!.status).toBe('sent');
      expect(await sendReport(deps, id, 'approval')).toBeNull();
    } finally {
      await otherDb?.destroy();
    }
  });

  it('sends automatically, once, for a site the owner chose so', async () => {
    const next = '2026-11';
    const now = Date.UTC(2026, 11, 1, 9, 0);
    await setAutoSend(db, thisSiteId, true);
    const otherDb = await secondConnection();
    const other = { db: otherDb ?? db };
    try {
      const second: ReportDeps = { ...deps, db: other.db, sources: ownSources(other.db, siteUrl, owner) };
      const [a, b] = await Promise.all([runReportSchedule(deps, now), runReportSchedule(second, now)]);
      await runReportSchedule(second, now + 60_000);
      expect([...a.sent, ...b.sent]).toEqual([thisSiteId]);
      const report = await db.selectFrom('reports').selectAll().where('month', '=', next).executeTakeFirstOrThrow();
      expect(report.status).toBe('sent');
      const mails = await db.selectFrom('mail_outbox').select(['kind', 'subject']).where('created_at', '=', now).execute();
      expect(mails.map((m) => m.kind).sort()).toEqual(['client_report', 'report_draft']);
      expect(mails.find((m) => m.kind === 'report_draft')!.subject).toBe(`Report sent: ${business.name}, November 2026`);
    } finally {
      await setAutoSend(db, thisSiteId, false);
      await otherDb?.destroy();
    }
  });

  it('opens a link until it expires or is withdrawn', async () => {
    const id = await makeReport(deps, thisSiteId, monthPeriod('2026-09'), scheduleNow);
    const { token, link } = await createLink(db, id, scheduleNow);
    expect(await linkState(db, token, scheduleNow + 1000)).toEqual({ state: 'open', reportId: id });
    expect(await linkState(db, token, scheduleNow + reportLimits.linkDays * 86_400_000)).toEqual({ state: 'gone' });
    expect(await linkState(db, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, scheduleNow)).toEqual({ state: 'unknown' });
    expect(await revokeLink(db, id, link.id, scheduleNow + 2000)).toBe(true);
    expect(await linkState(db, token, scheduleNow + 3000)).toEqual({ state: 'gone' });
    expect((await readReport(db, id))!.links[0]).toMatchObject({ id: link.id, revokedAt: scheduleNow + 2000 });
    expect(await revokeLink(db, id, 'not-a-link-id')).toBe(false);
  });

  it('reads this site’s search figures as the Search view does, with the moves onto and off the first page', async () => {
    const rows = (day: string, list: [string, string, number, number, number][]) =>
      list.map(([query, page, clicks, impressions, position]) => ({ day, query, page, device: 'MOBILE', clicks, impressions, position }));
    // September: "seo hatfield" on page 2, "web design" on page 1; October: the other way round.
    await stageRows(db, 'run-1', 'google', [
      ...rows('2026-09-10', [
        ['seo hatfield', '/services/seo', 2, 100, 14],
        ['web design', '/services/web-design', 9, 80, 4],
      ]),
      ...rows('2026-10-05', [
        ['seo hatfield', '/services/seo', 30, 400, 6],
        ['web design', '/services/web-design', 1, 90, 13],
        ['local seo', '/local-seo', 12, 300, 8.5],
      ]),
      ...rows('2026-10-20', [['seo hatfield', '/', 5, 50, 3]]),
    ]);
    await replaceDays(db, 'run-1', 'google', '2026-09-01', '2026-10-31');
    const site = (await deps.sources.site(thisSiteId))!;
    const sources = reportSources(db, { siteUrl, ownerEmail: owner });
    const data = await buildReport(sources, site, monthPeriod(month), scheduleNow);
    expect(data.sections.search.available).toBe(true);
    const search = data.sections.search.available ? data.sections.search.data : null;
    // The Search view's "Last 3 months" (August to October, ending on the last day with data) holds the same.
    const query = { site: thisSiteId, period: '3m' as const, source: 'all' as const };
    const overview = await searchOverview(db, query, scheduleNow);
    expect(overview.range).toMatchObject({ from: '2026-08-01', to: '2026-10-20' });
    const october = (await searchOverview(db, { site: thisSiteId, period: '28d', source: 'all' }, scheduleNow)).totals;
    expect(search!.current).toEqual(october);
    expect(search!.current).toEqual({ clicks: 48, impressions: 840, ctr: 48 / 840, position: (6 * 400 + 13 * 90 + 8.5 * 300 + 3 * 50) / 840 });
    const list = { ...query, list: 'queries' as const, search: '', offset: 0, limit: 10 };
    const [viewQueries, viewPages] = await Promise.all([topQueries(db, list, scheduleNow), topPages(db, { ...list, list: 'pages' }, scheduleNow)]);
    // The view's three months hold September too: its October is its rows less September's.
    expect(search!.topQueries.map((q) => q.key)).toEqual(['seo hatfield', 'local seo', 'web design']);
    expect(search!.topQueries[0]).toEqual({ key: 'seo hatfield', clicks: 35, impressions: 450, ctr: 35 / 450, position: (6 * 400 + 3 * 50) / 450 });
    expect(viewQueries.rows.find((r) => r.query === 'local seo')).toMatchObject({ clicks: 12, impressions: 300, position: 8.5 });
    expect(search!.topQueries.find((q) => q.key === 'local seo')).toEqual({ key: 'local seo', clicks: 12, impressions: 300, ctr: 12 / 300, position: 8.5 });
    expect(viewPages.rows.find((r) => r.page === '/local-seo')).toMatchObject({ clicks: search!.topPages.find((p) => p.key === '/local-seo')!.clicks });
    expect(search!.previous).toEqual({ clicks: 11, impressions: 180, ctr: 11 / 180, position: (14 * 100 + 4 * 80) / 180 });
    expect(search!.lastYear).toBeNull();
    expect(search!.sources).toEqual(['Google']);
    expect(search!.intoTop10).toEqual([
      { query: 'seo hatfield', position: (6 * 400 + 3 * 50) / 450, previousPosition: 14 },
      { query: 'local seo', position: 8.5, previousPosition: null },
    ]);
    expect(search!.outOfTop10).toEqual([{ query: 'web design', position: 13, previousPosition: 4 }]);
    const pdf = pdfText(await reportPdf(data, '', null));
    expect(pdf).toContain('local seo: from position no data to 8.5');
    expect(pdf).toContain('840');
  });

  it('reads a client site’s search figures as the Search view does for that site, apart from this site’s; not shared says so', async () => {
    const watched = (id: string, url: string) => ({
      id,
      url,
      name: `Client ${id}`,
      client_email: `owner@${new URL(url).hostname}`,
      copy_client: 0,
      own: 0,
      crawl_every_hours: 24,
      availability_every_minutes: 5,
      kinds_off: '[]',
      created_at: Date.UTC(2026, 8, 1),
      updated_at: scheduleNow,
      removed_at: null,
    });
    await db
      .insertInto('watch_sites')
      .values([watched('garden', 'https://garden.example.co.uk/'), watched('unshared', 'https://unshared.example.com/')])
      .execute();
    const rows = (day: string, list: [string, string, number, number, number][]) =>
      list.map(([query, page, clicks, impressions, position]) => ({ day, query, page, device: 'DESKTOP', clicks, impressions, position }));
    // September: "garden design" on page 2; October: on page 1, and "landscaping" new.
    await stageRows(
      db,
      'run-garden',
      'google',
      [
        ...rows('2026-09-10', [['garden design', '/design', 4, 200, 12]]),
        ...rows('2026-10-06', [['garden design', '/design', 40, 500, 5]]),
        ...rows('2026-10-25', [['landscaping', '/', 6, 100, 9]]),
      ],
      'garden',
    );
    await replaceDays(db, 'run-garden', 'google', '2026-09-01', '2026-10-31', 'garden');
    await stageRows(db, 'run-garden-bing', 'bing', rows('2026-10-10', [['garden design', '', 2, 50, 3]]), 'garden');
    await replaceDays(db, 'run-garden-bing', 'bing', '2026-09-01', '2026-10-31', 'garden');

    const sources = reportSources(db, { siteUrl, ownerEmail: owner });
    const site = (await sources.site('garden'))!;
    const data = await buildReport(sources, site, monthPeriod(month), scheduleNow);
    const search = data.sections.search.available ? data.sections.search.data : null;
    expect(search).not.toBeNull();
    // The Search view of that site, last 28 days (28 September to 25 October, its last day with data): October's rows.
    const query = { period: '28d' as const, source: 'all' as const, site: 'garden' };
    const view = await searchOverview(db, query, scheduleNow);
    expect(view.range).toMatchObject({ from: '2026-09-28', to: '2026-10-25' });
    expect(search!.current).toEqual(view.totals);
    expect(search!.current).toEqual({ clicks: 48, impressions: 650, ctr: 48 / 650, position: (5 * 500 + 9 * 100 + 3 * 50) / 650 });
    const list = { ...query, search: '', offset: 0, limit: 10 };
    const [viewQueries, viewPages] = await Promise.all([
      topQueries(db, { ...list, list: 'queries' }, scheduleNow),
      topPages(db, { ...list, list: 'pages' }, scheduleNow),
    ]);
    expect(search!.topQueries).toEqual(viewQueries.rows.map(({ query: key, ...figures }) => ({ key, ...figures })));
    expect(search!.topPages).toEqual(viewPages.rows.map(({ page: key, clicks, impressions, ctr, position }) => ({ key, clicks, impressions, ctr, position })));
    expect(search!.previous).toEqual({ clicks: 4, impressions: 200, ctr: 4 / 200, position: 12 });
    expect(search!.lastYear).toBeNull();
    expect(search!.sources).toEqual(['Google', 'Bing']);
    expect(search!.intoTop10).toEqual([
      { query: 'garden design', position: (5 * 500 + 3 * 50) / 550, previousPosition: 12 },
      { query: 'landscaping', position: 9, previousPosition: null },
    ]);
    expect(search!.outOfTop10).toEqual([]);

    // This site's report holds its own figures only, as before.
    const own = await buildReport(sources, (await sources.site(thisSiteId))!, monthPeriod(month), scheduleNow);
    expect(own.sections.search.available && own.sections.search.data.current).toEqual({
      clicks: 48,
      impressions: 840,
      ctr: 48 / 840,
      position: (6 * 400 + 13 * 90 + 8.5 * 300 + 3 * 50) / 840,
    });

    // A site whose property is not shared with the service account: no rows, and the report says why.
    await recordState(db, 'google', { state: 'unshared', message: 'Not shared with the service account: …', at: scheduleNow }, 'unshared');
    const unshared = await buildReport(sources, (await sources.site('unshared'))!, monthPeriod(month), scheduleNow);
    const notShared = noData.searchSource('Google', 'unshared');
    expect(unshared.sections.search).toEqual({ available: false, reason: `${noData.searchPeriod} ${notShared} ${noData.searchSource('Bing', 'unread')}` });
    expect(pdfText(await reportPdf(unshared, '', null)).replace(/\s+/g, ' ')).toContain(notShared.slice(0, 40));
    await db.deleteFrom('watch_sites').where('id', 'in', ['garden', 'unshared']).execute();
  });

  it('reads a watched client site’s crawls, uptime, certificate and alerts as the Sites view does', async () => {
    const id = 'client-site-1';
    const base = { updated_at: scheduleNow, created_at: Date.UTC(2026, 8, 1), removed_at: null, copy_client: 0, own: 0, kinds_off: '[]' };
    await db
      .insertInto('watch_sites')
      .values({
        ...base,
        id,
        url: 'https://shop.example.co.uk/',
        name: 'Shop Example',
        client_email: 'client@shop.example.co.uk',
        crawl_every_hours: 24,
        availability_every_minutes: 5,
      })
      .execute();
    const at = (day: number, hour = 9) => Date.UTC(2026, 9, day, hour);
    const result = (kind: string, when: number, extra: Partial<{ ok: number; response_ms: number | null; score: number | null; evidence: unknown }>) => ({
      id: `${kind}-${when}`,
      site_id: id,
      kind,
      at: when,
      ok: extra.ok ?? 1,
      response_ms: extra.response_ms ?? null,
      score: extra.score ?? null,
      summary: '',
      evidence: JSON.stringify(extra.evidence ?? {}),
    });
    const item = (key: string, text: string) => ({ key, url: 'https://shop.example.co.uk/about', text });
    await db
      .insertInto('watch_results')
      .values([
        result('crawl', at(5), { score: 72, evidence: { diff: null, summary: { pages: 12 } } }),
        result('crawl', at(12), {
          score: 80,
          evidence: {
            diff: {
              newFindings: [item('a', 'The title is missing.')],
              fixedFindings: [item('b', 'An image has no alt text.')],
              beganError: [],
              beganNoindex: [],
              appearedInSitemap: [],
              leftSitemap: [],
            },
            summary: { pages: 12 },
          },
        }),
        result('crawl', at(19), {
          score: 85,
          evidence: {
            diff: {
              newFindings: [],
              fixedFindings: [item('a', 'The title is missing.')],
              beganError: [item('status|x', 'A page answers 500.')],
              beganNoindex: [],
              appearedInSitemap: [],
              leftSitemap: [],
            },
            summary: { pages: 13 },
          },
        }),
        ...Array.from({ length: 20 }, (_, i) => result('availability', at(6 + i), { ok: i === 3 ? 0 : 1, response_ms: 100 + i * 10 })),
        result('certificate', at(20), { evidence: { validTo: Date.UTC(2027, 0, 15), daysLeft: 86, names: ['shop.example.co.uk', 'www.shop.example.co.uk'] } }),
      ])
      .execute();
    const alert = (key: string, title: string, opened: number, closed: number | null) => ({
      id: `alert-${key}`,
      site_id: id,
      kind: 'availability',
      problem: key,
      open_key: closed === null ? `${id}|${key}` : null,
      urgent: 1,
      title,
      detail: '',
      evidence: '{}',
      opened_at: opened,
      last_seen_at: closed ?? opened,
      closed_at: closed,
    });
    await db
      .insertInto('watch_alerts')
      .values([
        alert('down', 'Shop Example is down', at(9), at(9, 11)),
        alert('slow', 'Shop Example is slow', at(25), null),
        alert('old', 'An old one', Date.UTC(2026, 7, 1), Date.UTC(2026, 7, 2)),
      ])
      .execute();

    const sources = reportSources(db, { siteUrl, ownerEmail: owner });
    expect((await sources.sites()).map((s) => s.key)).toEqual([thisSiteId, id]);
    const site = (await sources.site(id))!;
    expect(site).toMatchObject({ name: 'Shop Example', clientEmail: 'client@shop.example.co.uk', thisSite: false });
    const data = await buildReport(sources, site, monthPeriod(month), scheduleNow);
    // The Sites view over the last 30 days (all of these checks) shows the same figures.
    const health = (await siteWithHealth(db, (await getSite(db, id))!, Date.UTC(2026, 9, 31, 12))).health;
    expect(data.sections.uptime).toEqual({
      available: true,
      data: { checks: health.checks30, uptime: health.uptime30, responseP50Ms: health.responseP50, responseP95Ms: health.responseP95 },
    });
    expect(health.uptime30).toBe(19 / 20);
    expect(data.sections.certificate).toEqual({
      available: true,
      data: { expiresAt: health.certificate!.validTo, daysLeft: 86, hosts: ['shop.example.co.uk', 'www.shop.example.co.uk'] },
    });
    expect(data.sections.crawl).toEqual({
      available: true,
      data: {
        score: 85,
        trend: health.scores,
        pages: 13,
        newProblems: [{ message: 'A page answers 500.', url: 'https://shop.example.co.uk/about' }],
        fixedProblems: [
          { message: 'The title is missing.', url: 'https://shop.example.co.uk/about' },
          { message: 'An image has no alt text.', url: 'https://shop.example.co.uk/about' },
        ],
        newCount: 1,
        fixedCount: 2,
      },
    });
    const alerts = await listAlerts(db, { site: id });
    expect(data.sections.alerts).toEqual({
      available: true,
      data: {
        opened: alerts.filter((a) => a.title !== 'An old one').map((a) => ({ title: a.title, openedAt: a.openedAt, closedAt: a.closedAt })),
        closed: [{ title: 'Shop Example is down', openedAt: at(9), closedAt: at(9, 11) }],
      },
    });
    // A client's site has no visits, enquiries or vitals of this site's, and no search data yet: it says so.
    expect(data.sections.visits).toEqual({ available: false, reason: noData.thisSiteOnly });
    const unread = `${noData.searchPeriod} ${noData.searchSource('Google', 'unread')} ${noData.searchSource('Bing', 'unread')}`;
    expect(data.sections.search).toEqual({ available: false, reason: unread });
    const text = pdfText(await reportPdf(data, '', null));
    for (const shown of ['85 / 100', '95.0%', 'Shop Example is down', 'A page answers 500.', 'www.shop.example.co.uk']) expect(text).toContain(shown);

    // Removed, its reports still open; erased, they do not.
    const gone = await makeReport({ ...deps, sources }, id, monthPeriod(month), scheduleNow);
    expect(await removeSite(db, id)).toBe(true);
    expect(await sources.site(id)).not.toBeNull();
    expect((await sources.sites()).map((s) => s.key)).toEqual([thisSiteId]);
    const { token } = await createLink(db, gone, scheduleNow);
    expect((await openSharedReport({ db, sources }, token, scheduleNow)).state).toBe('open');
    expect(await eraseSite(db, id)).toBe(true);
    expect(await openSharedReport({ db, sources }, token, scheduleNow)).toEqual({ state: 'gone' });
  });

  it('makes a report for any span of days on demand, compared with the span before it', async () => {
    const id = await makeReportFromForm(deps, { site: thisSiteId, from: '2026-10-03', to: '2026-10-09' }, scheduleNow);
    const again = await makeReportFromForm(deps, { site: thisSiteId, from: '2026-10-03', to: '2026-10-09' }, scheduleNow);
    expect(again).not.toBe(id);
    const report = (await readReport(db, id))!;
    expect(report.data.period).toEqual({ month: null, from: '2026-10-03', to: '2026-10-09', label: '3 October 2026 to 9 October 2026' });
    const visits = report.data.sections.visits;
    expect(visits.available && visits.data.current).toEqual({ ...(await totals(db, '2026-10-03', '2026-10-09')), bounces: undefined, engagedMs: undefined });
    const figures = layOutReport(report.data).find((section) => section.id === 'visits')!.blocks[0]!;
    expect(figures.type === 'figures' && figures.items[0]!.notes).toEqual(['Period before: no data', 'Same days last year: no data']);
    await expect(makeReportFromForm(deps, { site: thisSiteId, from: '2026-10-09', to: '2026-10-03' }, scheduleNow)).rejects.toMatchObject({
      status: 400,
      detail: { errors: { to: reportMessages.badPeriod } },
    });
    await expect(makeReportFromForm(deps, { site: 'nowhere', month: '2026-10' }, scheduleNow)).rejects.toMatchObject({
      status: 400,
      detail: { errors: { site: reportMessages.unknownSite } },
    });
    await expect(makeReportFromForm(deps, { site: thisSiteId, month: '2027-01' }, scheduleNow)).rejects.toMatchObject({
      status: 400,
      detail: { errors: { month: reportMessages.badMonth } },
    });
    // A typing slip of a year is refused in words (year 1 once ended in a RangeError and a 503).
    for (const month of ['0001-01', `${reportLimits.earliestYear - 1}-12`]) {
      await expect(makeReportFromForm(deps, { site: thisSiteId, month }, scheduleNow), month).rejects.toMatchObject({
        status: 400,
        detail: { errors: { month: reportMessages.badMonth } },
      });
    }
    await expect(makeReportFromForm(deps, { site: thisSiteId, from: '0000-01-01', to: '0000-01-05' }, scheduleNow)).rejects.toMatchObject({
      status: 400,
      detail: { errors: { to: reportMessages.badPeriod } },
    });
  });

  it('writes the report from the command line without sending or storing it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'report-cli-'));
    try {
      const out = path.join(dir, 'october.pdf');
      const count = async (table: 'reports' | 'mail_outbox') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = { reports: await count('reports'), mails: await count('mail_outbox') };
      const run = (args: string[]) =>
        spawnSync(process.execPath, ['scripts/report.mjs', ...args], { env: { ...process.env, DATABASE_URL: target.url }, encoding: 'utf8', timeout: 60_000 });
      const done = run(['--site', 'this', '--month', month, '--out', out]);
      expect(done.stderr).toBe('');
      expect(done.status).toBe(0);
      expect(done.stdout).toContain(`${business.name}, October 2026`);
      // October's report was sent above: it is written as it was sent, with its summary.
      expect(done.stdout).toContain('Written as it was sent.');
      expect(pdfText(readFileSync(out))).toContain('A quiet month.');
      expect({ reports: await count('reports'), mails: await count('mail_outbox') }).toEqual(before);
      const unknown = run(['--site', 'https://nowhere.example', '--month', month, '--out', out]);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain(reportMessages.unknownSite);
      expect(run(['--site', 'this']).stderr).toContain('Usage: npm run report');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Each run loads the server's TypeScript afresh (jiti): seconds apiece on a busy machine.
  }, 180_000);

  it('refuses a report of a site that is gone', async () => {
    const gone: ReportDeps = { ...deps, sources: { ...deps.sources, site: async () => null } };
    await expect(makeReport(gone, 'erased-site', monthPeriod(month))).rejects.toMatchObject({ status: 410, message: reportMessages.notFound });
  });
});
