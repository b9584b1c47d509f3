/** What the server runtime needs, derived from the validated settings (src/config/settings.mjs) and the business facts. */
import { business } from '~/config/business';
import { type Settings, settings } from '~/config/settings.mjs';

export interface ServerConfig {
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  contactTo: string;
  mailFrom: string;
  trustProxy: number;
  securityLogRetentionDays: number;
  analyticsRetentionDays: number;
  outbox: { pollMs: number; baseDelayMs: number; maxDelayMs: number; leaseMs: number };
  cleanupIntervalMs: number;
}

export function readServerConfig(from: Settings = settings()): ServerConfig {
  return {
    databaseUrl: from.databaseUrl,
    smtpUrl: from.smtpUrl,
    contactTo: from.contactTo ?? business.email,
    mailFrom: from.mailFrom ?? `"${business.name} website" <no-reply@${business.email.split('@')[1]}>`,
    trustProxy: from.trustProxy,
    securityLogRetentionDays: from.securityLogRetentionDays ?? business.retention.securityLogDays,
    analyticsRetentionDays: from.analyticsRetentionDays ?? business.retention.analyticsRawDays,
    outbox: from.outbox,
    cleanupIntervalMs: from.cleanupIntervalMs,
  };
}
