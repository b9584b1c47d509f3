/**
 * The server's long-lived parts: database (migrated), outbox worker and clean-up timer. Created once per process on
 * first use (the start script asks for /api/health at boot, so the worker runs without waiting for traffic).
 */
import { adminPaths } from '~/config/admin';
import { analyticsClientCaps } from '~/config/analytics';
import { business } from '~/config/business';
import { settings } from '~/config/settings.mjs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type AdminAuth, createAdminAuth } from './features/auth/admin-auth';
import { deleteOldAccountEvents } from './features/auth/events';
import { resetLinkMinutes } from './features/auth/options.mjs';
import type { Db, DbKind } from './db';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate.mjs';
import { readServerConfig, type ServerConfig } from './platform/server-config';
import { deleteExpiredLeadData } from './features/contact/leads';
import { createSmtpSender } from './platform/mailer';
import { deliverDue, enqueueMail, type SendMail } from './platform/outbox';
import { clientDirKey, shutdownKey } from './platform/handoff.mjs';
import { type AnalyticsService, createAnalyticsService } from './features/analytics/ingest';
import { builtPagePaths } from './features/analytics/site-pages';
import { createIndexNowService, type IndexNowService } from './features/indexnow/service';
import { hostPort } from './features/sitecheck/address-guard.mjs';
import { createSiteCheckService, type SiteCheckService } from './features/sitecheck/service';
import { deleteOldSecurityEvents } from './features/security/events';

export interface Runtime {
  db: Db;
  kind: DbKind;
  config: ServerConfig;
  clientHashSecret: string;
  adminAuth: AdminAuth;
  indexNow: IndexNowService;
  siteChecks: SiteCheckService;
  analytics: AnalyticsService;
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
};

export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as Holder;
  if (!holder[key]) {
    holder[key] = createRuntime().catch((error) => {
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

  let send: SendMail | null = null;
  if (config.smtpUrl) {
    send = createSmtpSender(config.smtpUrl, config.mailFrom);
  } else {
    console.warn('[mail] SMTP_URL is not set: messages are stored in the database and will be e-mailed once SMTP is configured.');
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  const tick = async () => {
    if (!send || stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = pass();
    await running;
  };
  const pass = async () => {
    if (!send) return;
    try {
      do {
        again = false;
        await deliverDue(db, send, config.outbox);
      } while (again && !stopping);
    } catch (error) {
      // One line: while the database or SMTP is away this repeats every poll.
      console.error(`[outbox] delivery pass failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = null;
    }
  };
  const schedule = () => {
    timer = setTimeout(async () => {
      await tick();
      if (!stopping) schedule();
    }, config.outbox.pollMs);
    timer.unref();
  };
  if (send) {
    schedule();
    void tick();
  }

  let cleaning: Promise<void> | null = null;
  const cleanup = () => (cleaning ??= cleanUpOnce().finally(() => (cleaning = null)));
  const cleanUpOnce = async () => {
    try {
      await deleteOldSecurityEvents(db, config.securityLogRetentionDays);
      await deleteOldAccountEvents(db, config.securityLogRetentionDays);
      await deleteExpiredLeadData(db);
      await analytics.cleanUp();
    } catch (error) {
      console.error('[cleanup] failed:', error);
    }
  };
  const { siteUrl, adminIdleMinutes, adminMaxSessionHours } = settings();
  const clientDir = (globalThis as Holder)[clientDirKey] ?? path.resolve('dist/client');
  const analytics = createAnalyticsService({
    db,
    kind,
    siteHost: new URL(siteUrl).host,
    retentionDays: config.analyticsRetentionDays,
    // Under `astro dev` there is no build to list: every path counts there.
    pages: existsSync(clientDir) ? builtPagePaths(clientDir) : undefined,
    caps: analyticsClientCaps,
  });
  void cleanup();
  const cleanupTimer = setInterval(cleanup, config.cleanupIntervalMs);
  cleanupTimer.unref();

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
    // Through the outbox like every other message: stored first, retried until the mail server takes it.
    sendResetLink: async ({ email, token }) => {
      const link = `${siteUrl}${adminPaths.resetPassword}?token=${encodeURIComponent(token)}`;
      await enqueueMail(db, {
        kind: 'password_reset',
        recipient: email,
        subject: `${business.name} admin: choose a new password`,
        body: [
          'Someone (hopefully you) asked to reset the password of the website admin.',
          '',
          `Choose a new password here within ${resetLinkMinutes} minutes. The link works once:`,
          link,
          '',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
        now: Date.now(),
      });
      void tick();
    },
  });

  const startedByStartScript = (globalThis as Holder)[clientDirKey];
  const indexNow = createIndexNowService({
    db,
    clientDir,
    siteUrl,
    indexNow: settings().indexNow,
  });
  // Pages that changed with this build are submitted on start (nothing is sent while IndexNow is off).
  if (startedByStartScript) indexNow.start('start');

  // Checks run from this server fetch public addresses only, except the site's own and those listed for development.
  const siteChecks = createSiteCheckService(db, {
    userAgent: `${business.name.replace(/\s+/g, '')}SiteCheck/1.0 (SEO site checks; +${siteUrl}/)`,
    addressPolicy: { allowPrivate: false, allowHosts: [hostPort(new URL(siteUrl)), ...settings().siteCheckAllowHosts] },
    timeoutMs: settings().siteCheckTimeoutMs,
  });

  const runtime: Runtime = {
    db,
    kind,
    config,
    clientHashSecret: secretRow.value,
    adminAuth,
    indexNow,
    siteChecks,
    analytics,
    kickOutbox: () => void tick(),
    // Let a delivery pass in flight finish, so no row is left claimed until its lease runs out.
    async stop() {
      stopping = true;
      clearTimeout(timer);
      clearInterval(cleanupTimer);
      await Promise.all([running, cleaning, indexNow.stop(), siteChecks.stop(), analytics.stop()]);
      await db.destroy();
    },
  };
  return runtime;
}
