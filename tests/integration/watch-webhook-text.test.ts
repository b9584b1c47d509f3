/**
 * A client's page reaches the owner's chat as text (issue 39, finding 5), on SQLite and PostgreSQL: a watched site on
 * loopback whose page title holds a Slack broadcast (`<!channel>`), a Slack link under a label of its own, `@everyone`,
 * a Markdown link and a right-to-left override, and whose name the owner typed holds `<!here>`. Its crawl alert arrives
 * at a fake receiver with the site's text in every format as data: escaped for Slack (`text`), Markdown escaped with no
 * mentions allowed for Discord (`content`, `allowed_mentions`), plain text for ntfy (`message`, `title`,
 * `markdown: false`), and no bidirectional control anywhere; the owner's own link to the alerts stays a link.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db } from '../../src/server/db';
import { hostPort } from '../../src/server/features/sitecheck/address-guard.mjs';
import { runDueChecks, type WatchDeps } from '../../src/server/features/watch/scheduler';
import { watchSiteForm } from '../../src/server/features/watch/schema';
import { addSite } from '../../src/server/features/watch/sites';
import { deliverWebhooks } from '../../src/server/features/watch/webhook';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, openTarget, type DatabaseTarget } from '../support/databases';
import { WebhookSink } from '../support/watch-fixture';

const rtlOverride = '\u202E';
const hostileTitle = `<!channel> <https://evil.example/phish|Log in to fix> @everyone [Fix now](https://evil.example/phish) ${rtlOverride}gnp.exe`;
const hostileName = 'Client shop <!here>';
const alertsLink = 'https://www.hale-digital.example/admin?tab=alerts&site=1';

/** Text as HTML text: the title reaches the crawler as the browser would read it. */
const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A client's site: three pages linked to each other; `title` is the home page's title. */
class TitleFixture {
  title = 'Client shop: handmade shoes';
  origin = '';
  private server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/robots.txt' || path === '/sitemap.xml') {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('Not found');
    }
    const title = path === '/' ? this.title : `Client shop ${path}`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${htmlText(title)}</title><meta name="description" content="Handmade shoes from a small workshop in Hatfield, made to measure and repaired for life, with free fitting."><link rel="canonical" href="${this.origin}${path}"></head><body><h1>Page ${path}</h1><a href="/">Home</a> <a href="/about">About</a></body></html>`,
    );
  });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

describe.each(databaseNames())('a client page’s text in the alert webhook, on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  const site = new TitleFixture();
  const webhook = new WebhookSink();
  let deps: WatchDeps;

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openTarget(target));
    await migrateToLatest(db, name);
    await site.start();
    await webhook.start();
    deps = {
      db,
      siteUrl: 'https://www.hale-digital.example',
      siteName: 'Hale Digital',
      reach: {
        userAgent: 'HaleWatchTest/1.0',
        addressPolicy: { allowPrivate: false, allowHosts: [hostPort(new URL(site.origin))] },
        timeoutMs: 2000,
        crawlMaxPages: 10,
        crawlDeadlineMs: 60_000,
      },
      delivery: { ownerEmail: 'owner@hale-digital.example', alertsLink, webhookUrl: webhook.url },
    };
    await addSite(db, watchSiteForm.parse({ url: site.origin, name: hostileName }), deps.reach.addressPolicy);
  }, 60_000);

  afterAll(async () => {
    await site.stop();
    await webhook.stop();
    await db?.destroy();
    await target?.dispose();
  });

  it('arrives as text in every format: no broadcast, mention, link of the site’s or reversed text', async () => {
    // The first crawl is the baseline; the hostile title is a new finding of the next.
    await runDueChecks(deps, { force: true });
    await deliverWebhooks(db, { baseDelayMs: 10, maxDelayMs: 50, leaseMs: 10_000, timeoutMs: 2000 }, Date.now() + 1);
    const before = webhook.received.length;
    site.title = hostileTitle;
    await runDueChecks(deps, { force: true });
    await deliverWebhooks(db, { baseDelayMs: 10, maxDelayMs: 50, leaseMs: 10_000, timeoutMs: 2000 }, Date.now() + 1);
    const calls = webhook.received.slice(before);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    const strings = JSON.stringify(call);

    // The title reached the alert: the data is there, as text.
    expect(String(call.detail)).toContain('[Fix now](https://evil.example/phish)');
    // No bidirectional control anywhere (the crawl's own JSON escapes it as \u202e).
    expect(strings).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|\\u202[a-e]/i);
    expect(String(call.detail)).toContain('gnp.exe');

    // Slack: `& < >` escaped, so neither <!channel>, <!here> nor <url|label> is read as a control.
    const text = String(call.text);
    expect(text).not.toMatch(/[<>]/);
    expect(text).toContain('&lt;!channel&gt; &lt;https://evil.example/phish|Log in to fix&gt;');
    expect(text).toContain('Client shop &lt;!here&gt;');
    expect(text.endsWith(`\n${alertsLink.replace(/&/g, '&amp;')}`)).toBe(true);

    // Discord: no mention pings, no Markdown link, no mention syntax.
    expect(call.allowed_mentions).toEqual({ parse: [] });
    const content = String(call.content);
    expect(content).toContain('\\@everyone');
    expect(content).toContain('\\[Fix now\\]\\(https\\://evil.example/phish\\)');
    expect(content).toContain('\\<!channel\\>');
    // Every Markdown character of the site's text is escaped: unescaped, none is left outside the owner's link.
    expect(content.slice(0, content.lastIndexOf('\n')).replace(/\\./g, '')).not.toMatch(/[[\]()<>@*_~`|#]/);
    expect(content.endsWith(`\n${alertsLink}`)).toBe(true);

    // ntfy: plain text, as the site wrote it (without the override).
    expect(call.markdown).toBe(false);
    expect(String(call.message)).toContain('<!channel> <https://evil.example/phish|Log in to fix> @everyone [Fix now](https://evil.example/phish) gnp.exe');
    expect(String(call.title)).toContain(hostileName);
  }, 60_000);
});
