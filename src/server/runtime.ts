/**
 * The composition root: the server's long-lived parts (database, migrated; the outbox and clean-up workers; each
 * feature's service, handed what it needs). Created once per process on first use (the start script asks for /api/health at boot, so the worker runs without waiting for traffic).
 */
import { adminPaths, siteUrlMismatchText } from '~/config/admin';
import { analyticsClientCaps } from '~/config/analytics';
import { business } from '~/config/business';
import { paths } from '~/config/paths';
import { settings } from '~/config/settings.mjs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type AdminAuth, createAdminAuth } from './features/auth/admin-auth';
import { deleteOldAccountEvents } from './features/auth/events';
import { resetLinkMail } from './features/auth/reset-mail';
import type { Db, DbKind } from './db';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate.mjs';
import { readServerConfig, type ServerConfig } from './platform/server-config';
import { deleteExpiredLeadData } from './features/contact/leads';
import { deleteExpiredLimitHits } from './features/limits';
import { createSmtpSender } from './platform/mailer';
import { deliverDue, enqueueMail, type SendMail } from './platform/outbox';
import { startWorker } from './platform/worker';
import { clientDirKey, intakesKey, shutdownKey, unknownLinksKey } from './platform/handoff.mjs';
import type { IncomingMessage } from 'node:http';
import { fromNodeRequest } from './api/request-body';
import { type EventAnswer, takeEvent } from './features/analytics/endpoint';
import { analyticsEndpoint } from '~/config/analytics-wire.mjs';
import { type AnalyticsService, createAnalyticsService } from './features/analytics/ingest';
import { pageTitles } from './features/analytics/site-pages';
import { builtSitePages } from './platform/site-pages.mjs';
import { maybeQueueWeeklySummary } from './features/dashboard/weekly-summary';
import { createIndexNowService, type IndexNowService } from './features/indexnow/service';
import { createPostsService, type PostsService } from './features/posts/service';
import { createSearchService, type SearchService } from './features/search/service';
import { hostPort } from './features/sitecheck/address-guard.mjs';
import { createSiteCheckService, type SiteCheckService } from './features/sitecheck/service';
import type { AddressPolicy } from './features/sitecheck/address-guard.mjs';
import { deleteOldAudits } from './features/audit/queries';
import { type AuditService, createAuditService } from './features/audit/service';
import { deleteOldSecurityEvents } from './features/security/events';
import { createWatchService, type WatchService } from './features/watch/service';
import { log, requestContext } from './platform/log.mjs';
import { siteUrlMismatch } from './platform/site-url';
import { type ReportService, startReportService } from './features/report/service';
import { unknownLinkAddress } from './features/report/shared';
import { sharedReportPrefix } from '~/config/report-path.mjs';
import { reportSources } from './features/report/sources';

export interface Runtime {
  db: Db;
  kind: DbKind;
  config: ServerConfig;
  clientHashSecret: string;
  adminAuth: AdminAuth;
  indexNow: IndexNowService;
  siteChecks: SiteCheckService;
  /** Visitors' free audits, and the addresses they may fetch (public ones, and those listed for development). */
  audits: AuditService;
  auditPolicy: AddressPolicy;
  analytics: AnalyticsService;
  posts: PostsService;
  /** Search data: the daily Google and Bing sync, and one the owner asks for. */
  search: SearchService;
  /** Watching this site and the clients' sites: the scheduler, and what the checks are handed. */
  watch: WatchService;
  /** Client reports: made, reviewed and sent; the monthly schedule. */
  reports: ReportService;
  /** The built site (dist/client): on-demand public pages are finished with the build's page transforms over it. */
  clientDir: string;
  /** Ask the worker to look at the outbox now rather than at its next poll. */
  kickOutbox: () => void;
  /** Lets the work in flight finish, stops the timers and services, closes the database. */
  stop: () => Promise<void>;
}

const key = Symbol.for('hale-digital.runtime');
type Holder = {
  [key]?: Promise<Runtime>;
  /** Called by scripts/start.mjs on SIGTERM so the outbox finishes and the database closes. */
  [shutdownKey]?: () => Promise<void>;
  /** Set by scripts/start.mjs; absent under `astro dev`. */
  [clientDirKey]?: string;
  /** Read by the HTTP front (platform/handoff.mjs). */
  [intakesKey]?: Record<string, (req: IncomingMessage, clientAddress: string, host: string) => Promise<EventAnswer>>;
  /** Read by the HTTP front (platform/handoff.mjs). */
  [unknownLinksKey]?: Record<string, (rest: string) => Promise<boolean>>;
};

/** The built site's public files (dist/client), as scripts/start.mjs names them; known without the database. */
export function builtClientDir(): string {
  return (globalThis as Holder)[clientDirKey] ?? path.resolve('dist/client');
}

export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as Holder;
  if (!holder[key]) {
    // Made outside the request that happens to ask first, so its timers and workers do not log as that request.
    holder[key] = requestContext.exit(createRuntime).catch((error) => {
      delete holder[key];
      throw error;
    });
    // A SIGTERM may come while the runtime is still being made: the stop waits for it, then stops all of it.
    const creating = holder[key];
    holder[shutdownKey] = async () => {
      const runtime = await creating.catch(() => null);
      await runtime?.stop();
    };
  }
  return holder[key];
}

async function createRuntime(): Promise<Runtime> {
  const config = readServerConfig();
  const { db, kind } = await openDatabase(config.databaseUrl);
  await migrateToLatest(db, kind);
  const secretRow = await db.selectFrom('settings').select('value').where('key', '=', 'client_hash_secret').executeTakeFirstOrThrow();

  const send: SendMail | null = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : null;
  if (!send) log.warn('[mail] SMTP_URL is not set: messages are stored in the database and will be e-mailed once SMTP is configured.');

  // Delivery every poll and whenever a message is queued.
  const outbox = send ? startWorker('outbox', () => deliverDue(db, send, config.outbox), { everyMs: config.outbox.pollMs }) : null;
  const kickOutbox = () => void outbox?.kick();

  const { siteUrl, adminIdleMinutes, adminMaxSessionHours } = settings();
  const mismatch = siteUrlMismatch(siteUrl);
  if (mismatch) log.error({ builtFor: mismatch.built, siteUrl: mismatch.running }, siteUrlMismatchText(mismatch));
  const clientDir = builtClientDir();
  // The one list of the site's pages: the build's (the blog's index, rendered on demand, among them) and the admin
  // posts that are live, in this process or another.
  const builtPages = existsSync(clientDir) ? builtSitePages(clientDir) : undefined;
  let posts: PostsService | null = null;
  const analytics = createAnalyticsService({
    db,
    kind,
    siteHost: new URL(siteUrl).host,
    retentionDays: config.analyticsRetentionDays,
    // Under `astro dev` there is no build to list: every path counts there.
    pages: builtPages && { has: (page: string) => builtPages.has(page) || (posts?.isLivePath(page) ?? false) },
    caps: analyticsClientCaps,
  });
  const cleanup = startWorker(
    'cleanup',
    async () => {
      await deleteOldSecurityEvents(db, config.securityLogRetentionDays);
      await deleteOldAccountEvents(db, config.securityLogRetentionDays);
      await deleteExpiredLeadData(db);
      await deleteExpiredLimitHits(db);
      await deleteOldAudits(db);
      await analytics.cleanUp();
      // Once a week, last week's summary for the owner (when on and a mail server is set).
      const queued = await maybeQueueWeeklySummary({
        db,
        smtpConfigured: Boolean(config.smtpUrl),
        recipient: config.contactTo,
        retentionDays: config.analyticsRetentionDays,
        titles: await pageTitles(db, clientDir),
      });
      if (queued) kickOutbox();
    },
    { everyMs: config.cleanupIntervalMs },
  );

  const authSecret = await db.selectFrom('settings').select('value').where('key', '=', 'auth_secret').executeTakeFirstOrThrow();
  const adminAuth = createAdminAuth({
    db,
    kind,
    secret: authSecret.value,
    siteUrl,
    appName: business.name,
    idleMinutes: adminIdleMinutes,
    maxSessionHours: adminMaxSessionHours,
    clientHashSecret: secretRow.value,
    alertTo: config.contactTo,
    mailConfigured: Boolean(config.smtpUrl),
    // Through the outbox like every other message: stored first, retried until the mail server takes it.
    sendResetLink: async ({ email, token }) => {
      await enqueueMail(db, { ...resetLinkMail(email, `${siteUrl}${adminPaths.resetPassword}?token=${encodeURIComponent(token)}`), now: Date.now() });
      kickOutbox();
    },
  });

  const startedByStartScript = (globalThis as Holder)[clientDirKey];
  const indexNow = createIndexNowService({
    db,
    clientDir,
    siteUrl,
    indexNow: settings().indexNow,
  });
  posts = createPostsService({ db, siteUrl, submitUrls: (urls) => indexNow.submitUrls(urls) });
  // Pages that changed with this build are submitted on start (nothing is sent while IndexNow is off).
  if (startedByStartScript) indexNow.start('start');

  // Search data is synced daily by the server that the start script started (not by `astro dev` or a script).
  const search = createSearchService({ db, siteUrl, search: settings().search, schedule: Boolean(startedByStartScript) });

  // Checks run from this server fetch public addresses only, except the site's own and those listed for development.
  const siteChecks = createSiteCheckService(db, {
    userAgent: `${business.name.replace(/\s+/g, '')}SiteCheck/1.0 (SEO site checks; +${siteUrl}/)`,
    addressPolicy: { allowPrivate: false, allowHosts: [hostPort(new URL(siteUrl)), ...settings().siteCheckAllowHosts] },
    timeoutMs: settings().siteCheckTimeoutMs,
  });

  // The site checker's child process, from the source file beside the build (the bundle does not carry it): visitors'
  // audits, watched sites' crawls and availability checks parse what strangers serve there, off this event loop.
  const checkFile = path.resolve(clientDir, '..', '..', 'src/server/features/sitecheck/check-process.mjs');
  const checkProcess = existsSync(checkFile) ? checkFile : undefined;

  // Visitors' audits: the same checker and guard, but never this server's own address (its admin is not theirs to read).
  const auditPolicy: AddressPolicy = { allowPrivate: false, allowHosts: [...settings().siteCheckAllowHosts] };
  const audits = createAuditService({
    checkProcess,
    db,
    kind,
    userAgent: `${business.name.replace(/\s+/g, '')}Audit/1.0 (free SEO audit a visitor asked for; +${siteUrl}${paths.freeAudit})`,
    addressPolicy: auditPolicy,
  });

  const watch = createWatchService({
    db,
    settings: settings(),
    ownerEmail: config.contactTo,
    outbox: config.outbox,
    kickOutbox,
    checkProcess,
  });

  // Reports are written from each section's own source: this site's analytics and inbox, the watched sites' checks and
  // alerts, and the search data (src/server/features/report/sources.ts).
  const reports = startReportService({
    db,
    sources: reportSources(db, { siteUrl, ownerEmail: config.contactTo }),
    siteUrl,
    ownerEmail: config.contactTo,
    kickOutbox,
  });

  const runtime: Runtime = {
    db,
    kind,
    config,
    clientHashSecret: secretRow.value,
    adminAuth,
    indexNow,
    siteChecks,
    audits,
    auditPolicy,
    analytics,
    posts,
    search,
    watch,
    reports,
    clientDir,
    kickOutbox,
    // Let a delivery pass in flight finish, so no row is left claimed until its lease runs out.
    async stop() {
      await Promise.all([
        outbox?.stop(),
        cleanup.stop(),
        indexNow.stop(),
        siteChecks.stop(),
        audits.stop(),
        analytics.stop(),
        posts.stop(),
        reports.stop(),
        search.stop(),
        watch.stop(),
      ]);
      await db.destroy();
    },
  };
  // A beacon needs none of the router's machinery: the front hands it straight to the analytics feature.
  (globalThis as Holder)[intakesKey] = {
    [analyticsEndpoint]: (req, clientAddress, host) => takeEvent(runtime, fromNodeRequest(req), host, clientAddress),
  };
  // A made-up report link is refused from its token's hash alone: the front answers it without rendering a page.
  (globalThis as Holder)[unknownLinksKey] = { [sharedReportPrefix]: (rest) => unknownLinkAddress(db, rest) };
  return runtime;
}
