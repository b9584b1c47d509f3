/** The shapes the admin's pages receive from the server (times are epoch milliseconds). */
import type { LeadStatus } from '~/config/admin';

/** Most severe first. */
export const severities = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof severities)[number];

export interface Delivery {
  state: 'sent' | 'waiting' | 'none';
  sentAt: number | null;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
}

export interface Lead {
  id: string;
  receivedAt: number;
  updatedAt: number;
  requestType: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: LeadStatus;
  delivery: Delivery;
}

export interface PeriodCount {
  label: string;
  hours: number;
  count: number;
  previous: number;
}

export interface SecurityEvent {
  id: string;
  type: string;
  severity: Severity;
  details: string;
  userAgent: string | null;
  at: number;
}

export interface AccountEvent {
  id: string;
  type: string;
  label: string;
  address: string | null;
  userAgent: string | null;
  at: number;
}

export interface SessionInfo {
  id: string;
  current: boolean;
  address: string | null;
  userAgent: string | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface SiteStatus {
  database: { kind: 'sqlite' | 'postgres'; migration: string | null };
  mail: {
    smtpConfigured: boolean;
    lastDeliveredAt: number | null;
    waiting: number;
    oldestWaitingAt: number | null;
    lastError: string | null;
  };
  build: { version: string; commit: string | null; builtAt: string };
}

export interface DashboardData {
  now: number;
  counts: PeriodCount[];
  latestLeads: Lead[];
  latestEvents: SecurityEvent[];
  status: SiteStatus;
  account: { email: string; twoFactorEnabled: boolean; sessions: SessionInfo[]; events: AccountEvent[] };
}
