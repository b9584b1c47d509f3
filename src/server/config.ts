/** Server settings from the environment, read once. Defaults suit a single embedded install. */
import { business } from '../config/business';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

export interface ServerConfig {
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  contactTo: string;
  mailFrom: string;
  /** false: the socket address is the client; true: the left-most X-Forwarded-For; N: the N-th address from the right. */
  trustProxy: boolean | number;
  securityLogRetentionDays: number;
  outbox: { pollMs: number; baseDelayMs: number; maxDelayMs: number; leaseMs: number };
  cleanupIntervalMs: number;
}

function parseTrustProxy(value: string | undefined): boolean | number {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : false;
}

export function readServerConfig(env = process.env): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    contactTo: env.CONTACT_TO || business.email,
    mailFrom: env.MAIL_FROM || `"${business.name} website" <no-reply@${business.email.split('@')[1]}>`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    securityLogRetentionDays: number('SECURITY_LOG_RETENTION_DAYS', business.retention.securityLogDays),
    outbox: {
      pollMs: number('OUTBOX_POLL_MS', 2000),
      baseDelayMs: number('OUTBOX_BASE_DELAY_MS', 5000),
      maxDelayMs: number('OUTBOX_MAX_DELAY_MS', 60 * 60 * 1000),
      leaseMs: number('OUTBOX_LEASE_MS', 2 * 60 * 1000),
    },
    cleanupIntervalMs: number('CLEANUP_INTERVAL_MS', 60 * 60 * 1000),
  };
}
