/**
 * Issue 40 on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL: a client's contact greeted by name and the report
 * sent to each of its recipients once; the parts of a report chosen per client, left out of the PDF, the link page and
 * the AI prompt alike without being called missing; clicks and visits month by month over 12 months, a month without
 * data a gap (the truth summed here from the rows this test seeds); and the Sites tab's note of a search source left out.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  noData,
  reportContentIds,
  reportContents,
  reportGreeting,
  reportLimits,
  reportMessages,
  reportSectionTitles,
  reportText,
} from '../../src/config/report';
import { ClientReport } from '../../src/components/sections/ClientReport';
import { siteSettingsForm } from '../../src/lib/report-forms';
import { layOutReport } from '../../src/lib/report-layout';
import { type ReportData, reportDataSchema } from '../../src/lib/report-types';
import { type Db, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { saveSiteSettings } from '../../src/server/features/report/endpoint';
import { reportsOverview } from '../../src/server/features/report/overview';
import { monthPeriod } from '../../src/server/features/report/period';
import { reportPdf } from '../../src/server/features/report/pdf';
import { type ReportDeps, buildReport, makeReport, sendReport } from '../../src/server/features/report/service';
import { reportSources } from '../../src/server/features/report/sources';
import { readReport } from '../../src/server/features/report/store';
import { reportAsPrompt } from '../../src/server/features/report/summary';
import { recordState, replaceDays, stageRows } from '../../src/server/features/search/store.mjs';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { pdfStructure, pdfText } from '../support/pdf';
import { thisSiteId } from '../../src/config/sites.mjs';

const siteUrl = 'https://www.hale-digital.example';
const owner = 'owner@hale-digital.example';
const month = '2026-10';
const scheduleNow = Date.UTC(2026, 10, 1, 9, 0);
/** The twelve months a report of October 2026 draws: November 2025 to October 2026. */
const months = Array.from({ length: 12 }, (_, i) => {
  const index = 2025 * 12 + 10 + i;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
});

/** This site's visits on a few days over the year: several months have none (gaps, not zeros). */
const visitDays: [string, number][] = [
  ['2025-12-05', 7],
  ['2025-12-20', 5],
  ['2026-02-10', 9],
  ['2026-05-01', 11],
  ['2026-05-31', 4],
  ['2026-10-03', 12],
  ['2026-10-04', 13],
  ['2026-10-05', 14],
];
/** The bakery's clicks from Google: rows on days in some months only. */
const clickRows: [string, string, number][] = [
  ['2025-11-12', 'bakery hatfield', 3],
  ['2025-11-13', 'sourdough', 2],
  ['2026-01-08', 'bakery hatfield', 6],
  ['2026-04-20', 'cakes hatfield', 10],
  ['2026-04-21', 'bakery hatfield', 1],
  ['2026-09-02', 'bakery hatfield', 15],
  ['2026-10-06', 'bakery hatfield', 21],
  ['2026-10-30', 'sourdough', 4],
];

/** Month → the sum of the values on its days, from the rows themselves; a month without rows has none. */
function truthByMonth(rows: [string, number][]): (number | null)[] {
  const sums = new Map<string, number>();
  for (const [day, value] of rows) sums.set(day.slice(0, 7), (sums.get(day.slice(0, 7)) ?? 0) + value);
  return months.map((m) => sums.get(m) ?? null);
}

const html = (data: ReportData, summary = '') => renderToStaticMarkup(createElement(ClientReport, { data, summary }));

describe.each(databaseNames())('report contacts, contents and trends on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let deps: ReportDeps;

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    await db
      .insertInto('analytics_daily')
      .values(visitDays.map(([day, visits]) => ({ day, page_views: visits * 2, visitors: visits, visits, bounces: 0, engaged_ms: 0, conversions: 0 })))
      .execute();
    const watched = (id: string, url: string, clientEmail: string | null) => ({
      id,
      url,
      name: id === 'bakery' ? 'Bright Bakery' : `Client ${id}`,
      client_email: clientEmail,
      copy_client: 0,
      own: 0,
      crawl_every_hours: 24,
      availability_every_minutes: 5,
      kinds_off: '[]',
      created_at: Date.UTC(2025, 0, 1),
      updated_at: scheduleNow,
      removed_at: null,
    });
    await db
      .insertInto('watch_sites')
      .values([
        watched('bakery', 'https://bright-bakery.example/', 'office@bright-bakery.example'),
        watched('cafe', 'https://corner-cafe.example/', 'hello@corner-cafe.example'),
      ])
      .execute();
    await stageRows(
      db,
      'run-bakery',
      'google',
      clickRows.map(([day, query, clicks]) => ({ day, query, page: '/', device: 'MOBILE', clicks, impressions: clicks * 10, position: 4 })),
      'bakery',
    );
    await replaceDays(db, 'run-bakery', 'google', '2025-11-01', '2026-10-31', 'bakery');
    deps = { db, sources: reportSources(db, { siteUrl, ownerEmail: owner }), siteUrl, ownerEmail: owner, kickOutbox: () => {} };
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  const clientMails = async (reportRecipients: string[]) =>
    db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'client_report').where('recipient', 'in', reportRecipients).orderBy('recipient').execute();

  it('refuses recipients that are not addresses, too many or listed twice, a long name and no part chosen', () => {
    const form = { site: 'bakery', contactName: 'Sarah', recipients: 'sarah@bright-bakery.example', contents: ['search'] };
    const refused = (changes: object) => {
      const parsed = siteSettingsForm.safeParse({ ...form, ...changes });
      return parsed.success ? null : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(refused({})).toBeNull();
    expect(refused({ recipients: 'sarah@bright-bakery.example, not-an-address' })).toEqual([['recipients', reportMessages.badRecipient('not-an-address')]]);
    const six = Array.from({ length: reportLimits.recipientsMax + 1 }, (_, i) => `person${i}@bright-bakery.example`).join('\n');
    expect(refused({ recipients: six })).toEqual([['recipients', reportMessages.tooManyRecipients]]);
    expect(refused({ recipients: 'a@bright-bakery.example\nA@bright-bakery.example' })).toEqual([
      ['recipients', reportMessages.repeatedRecipient('A@bright-bakery.example')],
    ]);
    expect(refused({ contactName: 'x'.repeat(reportLimits.contactNameMax + 1) })).toEqual([['contactName', reportMessages.contactNameTooLong]]);
    expect(refused({ contents: [] })).toEqual([['contents', reportMessages.noContents]]);
    expect(refused({ contents: ['everything'] })).not.toBeNull();
    // Five, across lines and commas, with a blank name: kept, the name as none.
    const five = siteSettingsForm.parse({ ...form, contactName: '  ', recipients: 'a@x.example, b@x.example\nc@x.example;d@x.example\n\ne@x.example' });
    expect(five).toMatchObject({ contactName: null, recipients: ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example', 'e@x.example'] });
  });

  it('greets the client’s contact by name and sends the report to each recipient once', async () => {
    const recipients = ['sarah@bright-bakery.example', 'accounts@bright-bakery.example', 'tom@bright-bakery.example'];
    // Before any settings: the watched site's client e-mail, and no contact.
    expect(await deps.sources.site('bakery')).toMatchObject({ contactName: null, recipients: ['office@bright-bakery.example'] });
    const draft = await makeReport(deps, 'bakery', monthPeriod(month), scheduleNow);
    const message = await saveSiteSettings(
      deps,
      siteSettingsForm.parse({ site: 'bakery', contactName: 'Sarah', recipients: recipients.join('\n'), contents: [...reportContentIds] }),
    );
    expect(message).toBe(reportMessages.settingsSaved('Bright Bakery'));
    // The draft made before shows whom it now goes to.
    expect((await readReport(db, draft))!.data.site).toMatchObject({ contactName: 'Sarah', recipients, clientEmail: recipients[0] });
    // Two approvals at once: one send, to all three.
    const sent = await Promise.all([sendReport(deps, draft, 'approval', scheduleNow), sendReport(deps, draft, 'approval', scheduleNow)]);
    expect(sent.filter(Boolean)).toEqual([recipients.join(', ')]);
    const mails = await clientMails(recipients);
    expect(mails.map((m) => m.recipient)).toEqual([...recipients].sort());
    for (const mail of mails) {
      expect(mail.body.split('\n')[0]).toBe('Dear Sarah,');
      expect(mail.subject).toBe('Bright Bakery: your report for October 2026');
      expect(JSON.parse(mail.attachments!)).toHaveLength(1);
    }
    expect((await readReport(db, draft))!.recipient).toBe(recipients.join(', '));
    expect(await sendReport(deps, draft, 'approval', scheduleNow)).toBeNull();
    expect(await clientMails(recipients)).toHaveLength(3);
  });

  it('greets neutrally without a name, and the owner’s own site takes a contact and recipients too', async () => {
    // The café, never set: its client e-mail, "Hello,".
    const cafe = await makeReport(deps, 'cafe', monthPeriod(month), scheduleNow);
    await sendReport(deps, cafe, 'approval', scheduleNow);
    const [cafeMail] = await clientMails(['hello@corner-cafe.example']);
    expect(cafeMail!.body.split('\n')[0]).toBe(reportGreeting(null));
    expect(cafeMail!.body.split('\n')[0]).toBe('Hello,');
    expect(cafeMail!.body).not.toContain('Dear');

    // This website: a contact and two addresses, as any client.
    const own = ['hannah@hale-digital.example', 'team@hale-digital.example'];
    await saveSiteSettings(
      deps,
      siteSettingsForm.parse({ site: thisSiteId, contactName: 'Hannah', recipients: own.join(','), contents: [...reportContentIds] }),
    );
    const report = await makeReport(deps, thisSiteId, monthPeriod(month), scheduleNow);
    expect(await sendReport(deps, report, 'approval', scheduleNow)).toBe(own.join(', '));
    const mails = await clientMails(own);
    expect(mails.map((m) => [m.recipient, m.body.split('\n')[0]])).toEqual([
      ['hannah@hale-digital.example', 'Dear Hannah,'],
      ['team@hale-digital.example', 'Dear Hannah,'],
    ]);
    // Recipients cleared: back to the owner's address, greeted neutrally.
    await saveSiteSettings(deps, siteSettingsForm.parse({ site: thisSiteId, contactName: '', recipients: '', contents: [...reportContentIds] }));
    expect(await deps.sources.site(thisSiteId)).toMatchObject({ contactName: null, recipients: [owner], clientEmail: owner });
  });

  it('leaves the parts not chosen out of the PDF, the link page and the AI prompt, never calling them missing', async () => {
    const site = (await deps.sources.site('cafe'))!;
    // All parts: the café has no crawl, no visits of its own: the report says so.
    const whole = await buildReport(deps.sources, site, monthPeriod(month), scheduleNow);
    expect(pdfText(await reportPdf(whole, '', null))).toContain(noData.thisSiteOnly);
    expect(html(whole)).toContain(noData.crawl);

    await saveSiteSettings(deps, siteSettingsForm.parse({ site: 'cafe', contactName: '', recipients: '', contents: ['search', 'uptime'] }));
    const chosen = (await deps.sources.site('cafe'))!;
    expect(chosen.contents).toEqual(['search', 'uptime']);
    const data = await buildReport(deps.sources, chosen, monthPeriod(month), scheduleNow);
    const expected = reportContents.filter((part) => part.id === 'search' || part.id === 'uptime').flatMap((part) => [...part.sections]);
    // The café has no search data: its search part is the one section saying so (no top lists).
    expect(layOutReport(data).map((section) => section.id)).toEqual(['uptime', 'certificate', 'search']);
    expect(layOutReport(data).every((section) => (expected as string[]).includes(section.id))).toBe(true);

    const pdf = await reportPdf(data, 'A summary the client does not get.', null);
    const text = pdfText(pdf);
    const headings = pdfStructure(pdf)
      .filter((element) => element.type === 'H2')
      .map((element) => element.text);
    expect(headings).toEqual(layOutReport(data).map((section) => section.title));
    const page = html(data, 'A summary the client does not get.');
    const prompt = reportAsPrompt(data);
    for (const left of [
      noData.thisSiteOnly,
      noData.crawl,
      reportSectionTitles.summary,
      reportSectionTitles.crawl,
      reportSectionTitles.visits,
      reportSectionTitles.enquiries,
      'A summary the client does not get.',
    ]) {
      expect(text, left).not.toContain(left);
      expect(page, left).not.toContain(left);
      if (left !== 'A summary the client does not get.') expect(prompt, left).not.toContain(left);
    }
    for (const kept of [reportSectionTitles.search, reportSectionTitles.uptime, noData.uptime, noData.certificate]) {
      expect(text).toContain(kept);
      expect(page).toContain(kept);
    }
  });

  it('draws clicks and visits month by month over 12 months, a month without data a gap rather than a zero', async () => {
    // This website's visits, summed here from the seeded days.
    const own = await buildReport(deps.sources, (await deps.sources.site(thisSiteId))!, monthPeriod(month), scheduleNow);
    const visitsTruth = truthByMonth(visitDays);
    expect(visitsTruth.filter((v) => v === null).length).toBeGreaterThan(3);
    expect(own.trends!.visits).toEqual(months.map((m, i) => ({ month: m, value: visitsTruth[i] })));

    // The bakery's clicks, summed here from its seeded rows; it has no visits of its own: no visits chart.
    const bakery = await buildReport(deps.sources, (await deps.sources.site('bakery'))!, monthPeriod(month), scheduleNow);
    const clicksTruth = truthByMonth(clickRows.map(([day, , clicks]) => [day, clicks]));
    expect(bakery.trends!.clicks).toEqual(months.map((m, i) => ({ month: m, value: clicksTruth[i] })));
    expect(bakery.trends!.visits.every((point) => point.value === null)).toBe(true);
    const trendsOf = (data: ReportData) => layOutReport(data).flatMap((section) => section.blocks.filter((block) => block.type === 'trend'));
    expect(trendsOf(bakery).map((block) => block.caption)).toEqual([reportText.clicksTrend]);

    // The link page: an SVG named by its caption, a bar per month with data (its height to scale), a gap otherwise,
    // and the figures as a table.
    const page = html(bakery);
    const figure = new RegExp(`<figure[^>]*data-trend="${reportText.clicksMeasure}"[\\s\\S]*?</figure>`).exec(page)![0];
    expect(figure).toMatch(/<svg role="img" aria-labelledby="[^"]+-caption" aria-describedby="[^"]+-desc"/);
    const bars = [...figure.matchAll(/<rect data-month="([\d-]+)" data-value="(\d+)"[^>]* height="([\d.]+)"/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);
    const gaps = [...figure.matchAll(/<rect data-month="([\d-]+)" data-gap=""/g)].map((m) => m[1]);
    const max = Math.max(...clicksTruth.map((v) => v ?? 0));
    expect(bars).toEqual(
      months.flatMap((m, i) => (clicksTruth[i] === null ? [] : [[m, clicksTruth[i], expect.closeTo((96 * clicksTruth[i]!) / max, 5) as unknown as number]])),
    );
    expect(gaps).toEqual(months.filter((_, i) => clicksTruth[i] === null));
    const rows = [...figure.matchAll(/<tr[^>]*><th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>([^<]+)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
    const monthName = (m: string) => new Date(`${m}-15T12:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const written = months.map((m, i) => [monthName(m), clicksTruth[i] === null ? reportText.noDataMonth : String(clicksTruth[i])]);
    expect(rows).toEqual(written);

    // The PDF: the same figures as a tagged table (a gap reads "no data", never 0).
    const cells = pdfStructure(await reportPdf(own, '', null))
      .filter((element) => element.type === 'TD')
      .map((element) => element.text);
    const ownWritten = months.map((m, i) => [monthName(m), visitsTruth[i] === null ? reportText.noDataMonth : String(visitsTruth[i])]);
    const start = cells.findIndex((cell, i) => cell === ownWritten[0]![0] && cells[i + 1] === ownWritten[0]![1]);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(cells.slice(start, start + 24)).toEqual(ownWritten.flat());
    expect(cells.slice(start, start + 24)).not.toContain('0');
  });

  it('reads a report stored before these settings as it was: every part, no contact, no trends', async () => {
    const built = await buildReport(deps.sources, (await deps.sources.site(thisSiteId))!, monthPeriod(month), scheduleNow);
    const { trends: _trends, site, ...rest } = built;
    const { contactName: _name, recipients: _recipients, contents: _contents, ...oldSite } = site;
    const old = reportDataSchema.parse(JSON.parse(JSON.stringify({ ...rest, site: oldSite })));
    expect(old.trends).toBeNull();
    expect(old.site).toMatchObject({ contactName: null, recipients: [], contents: [...reportContentIds] });
    expect(layOutReport(old).map((section) => section.id)).toContain('enquiries');
    expect(
      layOutReport(old)
        .flatMap((section) => section.blocks)
        .some((block) => block.type === 'trend'),
    ).toBe(false);
  });

  it('names in the Sites tab a search source the reports leave out', async () => {
    const at = scheduleNow;
    await recordState(db, 'google', { state: 'unshared', message: 'Not shared', at }, 'cafe');
    await recordState(db, 'bing', { state: 'ok', message: '', at }, 'cafe');
    await recordState(db, 'google', { state: 'ok', message: '', at }, 'bakery');
    await recordState(db, 'bing', { state: 'ok', message: '', at }, 'bakery');
    const { searchNotes } = await reportsOverview(deps);
    expect(searchNotes).toEqual({ cafe: 'Search: Bing only — Google property not shared' });
    expect(searchNotes.cafe).toBe(noData.searchSourcesNote(['Bing'], [{ source: 'Google', why: 'unshared' }]));
    // This website's, keyed as the Sites tab knows it.
    await recordState(db, 'google', { state: 'error', message: 'Timed out', at }, thisSiteId);
    expect((await reportsOverview(deps)).searchNotes[thisSiteId]).toBe('Search: no source — reading Google failing; Bing not read yet');
  });
});
