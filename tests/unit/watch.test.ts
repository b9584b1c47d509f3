/**
 * Watching sites: the crawl diff, quiet hours, the webhook's body, what a site gets checked for, percentiles, and the
 * address guard's view of names under .localhost (the redirect fixtures' names).
 */
import { describe, expect, it } from 'vitest';
import { clientKinds, uptimeText, watchKinds } from '../../src/config/watch';
import { guardFor, publicOnly, RefusedAddress } from '../../src/server/features/sitecheck/address-guard.mjs';
import { checkCertificate } from '../../src/server/features/watch/certificate';
import { alarming, type CrawlSnapshot, diffCrawls, presentKeys } from '../../src/server/features/watch/crawl';
import { percentile } from '../../src/server/features/watch/health';
import { heldUntil, minuteOfDay } from '../../src/server/features/watch/quiet';
import { isReservedHost, kindsOf } from '../../src/server/features/watch/sites';
import type { WatchedSite } from '../../src/server/features/watch/types';
import { watchSiteForm } from '../../src/server/features/watch/schema';
import { webhookBody } from '../../src/server/features/watch/webhook';

const page = (url: string, status: number | null, extra: Partial<CrawlSnapshot['pages'][number]> = {}) => ({
  url,
  status,
  noindex: false,
  inSitemap: true,
  skipped: null,
  ...extra,
});
const finding = (rule: string, url: string | null, severity = 'error') => ({ key: `${rule}|${url ?? ''}|`, rule, severity, url, message: `${rule} on ${url}` });

describe('the crawl diff', () => {
  const before: CrawlSnapshot = {
    pages: [page('/a', 200), page('/b', 200), page('/c', 200, { inSitemap: false }), page('/gone', 200)],
    findings: [finding('description-length', '/b', 'warning'), finding('h1-missing', '/gone')],
  };

  it('lists new and fixed findings on pages both crawls read, pages that broke, said noindex, or moved in the sitemap', () => {
    const now: CrawlSnapshot = {
      pages: [page('/a', 200, { noindex: true }), page('/b', 500), page('/c', 200), page('/new', 200)],
      findings: [finding('title-missing', '/a'), finding('http-error', '/b'), finding('orphan-page', '/c', 'notice'), finding('title-missing', '/new')],
    };
    const diff = diffCrawls(before, now);
    // /new was not read before and /b not now: their page findings are not compared, but /b's failure is.
    expect(diff.newFindings.map((f) => f.key).sort()).toEqual(['http-error|/b|', 'orphan-page|/c|', 'title-missing|/a|']);
    expect(diff.fixedFindings).toEqual([]);
    expect(diff.beganError.map((f) => f.key)).toEqual(['status|/b']);
    expect(diff.beganNoindex.map((f) => f.key)).toEqual(['noindex|/a']);
    expect(diff.appearedInSitemap.sort()).toEqual(['/c', '/new']);
    expect(diff.leftSitemap).toEqual(['/gone']);
    // Notices raise nothing.
    expect(
      alarming(diff, now)
        .map((f) => f.key)
        .sort(),
    ).toEqual(['http-error|/b|', 'noindex|/a', 'status|/b', 'title-missing|/a|']);
    expect(presentKeys(now).has('status|/b')).toBe(true);
  });

  it('a page that recovers fixes its failure without its old findings reading as new', () => {
    const broken: CrawlSnapshot = { pages: [page('/b', 500)], findings: [finding('http-error', '/b')] };
    const back: CrawlSnapshot = { pages: [page('/b', 200)], findings: [finding('description-length', '/b', 'warning')] };
    const diff = diffCrawls(broken, back);
    expect(diff.newFindings).toEqual([]);
    expect(diff.fixedFindings.map((f) => f.key)).toEqual(['http-error|/b|']);
  });
});

describe('quiet hours (UK time)', () => {
  // 26 November: GMT, so UK time is UTC.
  const at = (time: string) => Date.parse(`2026-11-26T${time}:00Z`);
  it('none by default: at once', () => {
    expect(heldUntil(at('23:30'), undefined)).toBe(at('23:30'));
  });
  it('inside hours that run past midnight, held until they end; outside, at once', () => {
    const quiet = { fromMinute: 22 * 60, toMinute: 7 * 60 };
    expect(minuteOfDay(at('23:30'))).toBe(23 * 60 + 30);
    expect(heldUntil(at('23:30'), quiet)).toBe(Date.parse('2026-11-27T07:00:00Z'));
    expect(heldUntil(at('03:15'), quiet)).toBe(at('07:00'));
    expect(heldUntil(at('07:00'), quiet)).toBe(at('07:00'));
    expect(heldUntil(at('12:00'), quiet)).toBe(at('12:00'));
  });
  it('within one day', () => {
    expect(heldUntil(at('13:10'), { fromMinute: 13 * 60, toMinute: 14 * 60 })).toBe(at('14:00'));
  });
});

describe('the webhook body', () => {
  it('carries text (Slack), content (Discord), title and message (ntfy) and the facts', () => {
    const body = webhookBody({
      event: 'opened',
      site: 'Shop',
      siteUrl: 'https://shop.example/',
      title: 'shop.example is down',
      detail: 'No answer.',
      urgent: true,
      alertId: 'a1',
      link: 'https://x/admin?tab=alerts',
    });
    expect(body.text).toBe('URGENT: Shop: shop.example is down\nNo answer.\nhttps://x/admin?tab=alerts');
    // Discord's Markdown characters escaped (the colons here); the owner's link left a link.
    expect(body.content).toBe('URGENT\\: Shop\\: shop.example is down\nNo answer.\nhttps://x/admin?tab=alerts');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.title).toBe('URGENT: Shop: shop.example is down');
    expect(body).toMatchObject({ event: 'opened', site: 'Shop', urgent: true, alertId: 'a1', alertTitle: 'shop.example is down', markdown: false });
    expect(webhookBody({ ...body, event: 'closed', urgent: false, title: 'x', detail: 'y', siteUrl: '' }).text).toMatch(/^Resolved: Shop: x/);
  });

  it('cuts a long message between escapes, never inside one, and keeps the link whole', () => {
    const link = 'https://x/admin?tab=alerts';
    const body = webhookBody({ event: 'opened', site: 'S', siteUrl: '', title: 't', detail: '<'.repeat(3000), urgent: false, alertId: 'a', link });
    for (const [field, escaped] of [
      ['text', '&lt;'],
      ['content', '\\<'],
    ] as const) {
      const message = body[field];
      expect(message.length).toBeLessThanOrEqual(1900);
      expect(message.endsWith(`\n${link}`)).toBe(true);
      const cut = message.slice(message.indexOf('\n') + 1, message.lastIndexOf('\n'));
      expect(cut).toBe(escaped.repeat(cut.length / escaped.length));
    }
  });
});

describe('what a site is checked for', () => {
  const site = (url: string, own: boolean, kindsOff: WatchedSite['kindsOff'] = []): WatchedSite => ({
    id: 's',
    url,
    name: 'n',
    clientEmail: null,
    searchProperty: null,
    copyClient: false,
    isThisSite: own,
    crawlEveryHours: 24,
    availabilityEveryMinutes: 5,
    kindsOff,
    createdAt: 0,
    removedAt: null,
  });
  it('a client site its network checks; this site its own data too, its network checks only on a real name', () => {
    expect(kindsOf(site('https://client.co.uk/', false))).toEqual([...clientKinds].sort((a, b) => watchKinds.indexOf(a) - watchKinds.indexOf(b)));
    expect(kindsOf(site('https://www.hale.co.uk/', true))).toEqual([...watchKinds]);
    expect(kindsOf(site('https://www.hale-digital.example/', true))).toEqual(['vitals', 'traffic', 'enquiries']);
    expect(kindsOf(site('https://client.co.uk/', false, ['crawl']))).toEqual(['availability', 'certificate']);
    expect(isReservedHost('shop.test')).toBe(true);
    expect(isReservedHost('shop.co.uk')).toBe(false);
  });
});

it('percentiles by nearest rank', () => {
  expect(percentile([], 0.5)).toBeNull();
  expect(percentile([10, 20, 30, 40], 0.5)).toBe(20);
  expect(percentile([10, 20, 30, 40], 0.95)).toBe(40);
});

describe('names under .localhost', () => {
  /** Where the guard's lookup sends a connection to `url`, or why it refuses. */
  const lookUp = (url: string, allowHosts: string[] = []) =>
    new Promise<unknown>((resolve) => {
      const lookup = guardFor(new URL(url), { ...publicOnly, allowHosts })!;
      lookup('www.localhost', { all: true }, (error: unknown, addresses: unknown) => resolve(error ?? addresses));
    });

  it('are loopback: refused like any loopback address, reached at 127.0.0.1 where allowed', async () => {
    const refused = await lookUp('https://www.localhost/');
    expect(refused).toBeInstanceOf(RefusedAddress);
    expect(String((refused as Error).message)).toBe('www.localhost resolves to a private address (127.0.0.1, loopback); not checked');
    expect(await lookUp('https://www.localhost:8443/', ['www.localhost:8443'])).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('the watched-site form', () => {
  it('reads the copy-to-client answer as said: "false" is false, a real boolean as is, anything else refused', () => {
    const form = (copyClient: unknown) => watchSiteForm.safeParse({ url: 'https://shop.example', name: 'Shop', copyClient });
    expect(form('false').data?.copyClient).toBe(false);
    expect(form('true').data?.copyClient).toBe(true);
    expect(form(false).data?.copyClient).toBe(false);
    expect(form(true).data?.copyClient).toBe(true);
    expect(form(undefined).data?.copyClient).toBe(false);
    expect(form('maybe').success).toBe(false);
  });
});

describe('a certificate that could not be read', () => {
  it('says why in words, not as Node’s error code', async () => {
    // A reserved name that never resolves (RFC 6761): the lookup fails before any connection.
    const outcome = await checkCertificate('https://no-such-shop.invalid/', {
      userAgent: 'HaleWatchTest/1.0',
      addressPolicy: { allowPrivate: false, allowHosts: [] },
      timeoutMs: 2000,
      crawlMaxPages: 1,
      crawlDeadlineMs: 60_000,
    });
    expect(outcome).toMatchObject({ inconclusive: true, summary: 'The certificate could not be read: the host name does not resolve.' });
    expect(outcome.summary).not.toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN/);
  });
});

describe('the uptime a site shows', () => {
  const now = Date.parse('2026-11-27T20:00:00Z');
  const day = (at: number) => new Date(at).toISOString().slice(0, 16);
  it('says since when while the checks are younger than the period, never "100 % over 90 days" after ten minutes', () => {
    // Three checks in ten minutes, all answered.
    const young = { uptime30: 1, uptime90: 1, firstCheckAt: now - 10 * 60_000, checks30: 3 };
    expect(uptimeText(young, now, day)).toBe(`100 % since ${day(now - 10 * 60_000)} (3 checks)`);
    expect(uptimeText(young, now, day)).not.toMatch(/90 days/);
    const fortyDays = { uptime30: 0.99, uptime90: 0.98, firstCheckAt: now - 40 * 86_400_000, checks30: 8640 };
    expect(uptimeText(fortyDays, now, day)).toBe(`99.00 % over 30 days · 98.00 % since ${day(now - 40 * 86_400_000)}`);
    const old = { ...fortyDays, firstCheckAt: now - 90 * 86_400_000 };
    expect(uptimeText(old, now, day)).toBe('99.00 % over 30 days · 98.00 % over 90 days');
    expect(uptimeText({ uptime30: null, uptime90: null, firstCheckAt: null, checks30: 0 }, now, day)).toBe('no checks yet');
  });
});
