/**
 * SITE_URL is read at build time (canonical links, structured data) and by the running server (sitemap, feed,
 * IndexNow). A server started with another SITE_URL than its build says so at start, naming both and the build
 * command, and the admin shows the same warning, while the site keeps serving; the site checker names the likely cause.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, siteUrlMismatchText } from '../../src/config/admin';
import { settings } from '../../src/config/settings.mjs';
import { canonicalOriginText } from '../../src/lib/sitecheck-rules.mjs';
import { anyAddress } from '../../src/server/features/sitecheck/address-guard.mjs';
import { checkSite } from '../../src/server/features/sitecheck/checker.mjs';
import type { DashboardTabAnswer, OverviewTabData } from '../../src/lib/admin-types';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, type DatabaseTarget } from '../support/databases';
import { freePort, logLines, SiteProcess } from '../support/server';

const siteOrigin = settings().siteUrl;

const owner = { email: 'owner@example.com', password: 'a sensible long passphrase' };
const movedTo = 'https://www.moved-elsewhere.example';

describe('a start with a SITE_URL unlike the build’s', () => {
  let target: DatabaseTarget;
  let site: SiteProcess;

  beforeAll(async () => {
    target = await createTarget('sqlite');
    expect(runAdminScript('create', owner.email, owner.password, target.url).stderr).toBe('');
  });
  afterAll(async () => {
    await site?.stop();
    await target?.dispose();
  });

  async function overview(running: string) {
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: '1', SITE_URL: running });
    await site.start();
    const client = new CookieClient(site.base, { 'X-Forwarded-For': '198.51.100.7' });
    expect((await client.json('/api/auth/sign-in', owner)).status).toBe(200);
    const answer = await client.request(adminApi.dashboardTab('overview'));
    expect(answer.status).toBe(200);
    return ((await answer.json()) as DashboardTabAnswer).data as OverviewTabData;
  }

  it('logs an error naming both addresses and npm run build, the Overview shows it, and the site keeps serving', async () => {
    const data = await overview(movedTo);
    const expected = siteUrlMismatchText({ built: siteOrigin, running: movedTo });
    expect(expected).toContain(siteOrigin);
    expect(expected).toContain(movedTo);
    expect(expected).toContain('npm run build');
    const errors = logLines(site.output).filter((line) => line.level === 'error');
    expect(errors.map((line) => line.msg)).toContain(expected);
    expect(data.status.siteUrlMismatch).toEqual({ built: siteOrigin, running: movedTo });
    expect((await fetch(`${site.base}/`)).status).toBe(200);

    // Its own site check: the sitemap names the running address, every page's canonical the built one.
    const report = await checkSite(site.base, { addressPolicy: anyAddress, maxPages: 200, timeoutMs: 5000 });
    const perPage = report.findings.filter((finding) => finding.rule === 'canonical-invalid' && finding.url !== null);
    expect(perPage.length).toBeGreaterThan(1);
    expect(report.findings.filter((finding) => finding.url === null && finding.rule === 'canonical-invalid').map((finding) => finding.message)).toEqual([
      canonicalOriginText(perPage.length, siteOrigin, site.base),
    ]);
    await site.stop();
  });

  it('says nothing when they agree', async () => {
    const data = await overview(siteOrigin);
    expect(data.status.siteUrlMismatch).toBeNull();
    expect(logLines(site.output).filter((line) => String(line.msg).includes('npm run build'))).toEqual([]);
    const report = await checkSite(site.base, { addressPolicy: anyAddress, maxPages: 200, timeoutMs: 5000 });
    expect(report.findings.filter((finding) => finding.rule === 'canonical-invalid')).toEqual([]);
  });
});
