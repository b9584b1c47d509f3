/**
 * The free audit's limits on the one limiter (src/server/platform/limit.ts): audits per client address in its window,
 * and reports e-mailed to one address a day, whoever asks.
 */
import { auditLimits } from '~/config/audit';
import type { Limit, LimitWindow } from '../../platform/limit';

export const auditWindows = {
  client: { scope: 'audit', windowMs: auditLimits.clientWindowMinutes * 60_000 },
  recipient: { scope: 'audit:recipient', windowMs: auditLimits.recipientWindowHours * 3_600_000 },
} satisfies Record<string, LimitWindow>;

/** Audits one client (its keyed address hash) may start. */
export const clientLimit = (clientHash: string, now: number): Limit => ({ ...auditWindows.client, key: clientHash, max: auditLimits.perClient, now });
/** Reports sent to one mailbox (its keyed hash). */
export const recipientLimit = (recipient: string, now: number): Limit => ({
  ...auditWindows.recipient,
  key: recipient,
  max: auditLimits.reportsPerRecipient,
  now,
});
