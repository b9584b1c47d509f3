/** The owner's account history (signed in, password changed, two-factor enrolled…), listed in Settings. */
import { randomUUID } from 'node:crypto';
import type { AccountEvent } from '~/lib/admin-types';
import type { Db } from '../../db';

export const accountEventLabels = {
  signed_in: 'Signed in',
  signed_out: 'Signed out',
  password_changed: 'Password changed',
  password_reset: 'Password reset by e-mail link',
  password_reset_requested: 'Password reset link requested',
  two_factor_enrolled: 'Two-factor authentication turned on',
  two_factor_verified: 'Signed in with a two-factor code',
  two_factor_backup_code_used: 'Signed in with a backup code',
  two_factor_removed: 'Two-factor authentication turned off',
  backup_codes_regenerated: 'New backup codes made (the old ones no longer work)',
  sessions_revoked: 'Signed out other sessions',
} as const;
export type AccountEventType = keyof typeof accountEventLabels;

export async function recordAccountEvent(
  db: Db,
  event: { userId: string; type: AccountEventType; address?: string | null; userAgent?: string | null; now?: number },
): Promise<void> {
  await db
    .insertInto('account_events')
    .values({
      id: randomUUID(),
      user_id: event.userId,
      type: event.type,
      address: event.address ?? null,
      user_agent: event.userAgent?.slice(0, 300) ?? null,
      created_at: event.now ?? Date.now(),
    })
    .execute();
}

export async function listAccountEvents(db: Db, userId: string, limit = 30): Promise<AccountEvent[]> {
  const rows = await db.selectFrom('account_events').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as AccountEventType,
    label: accountEventLabels[r.type as AccountEventType] ?? r.type,
    address: r.address,
    userAgent: r.user_agent,
    at: Number(r.created_at),
  }));
}

/** Account events are kept as long as security events. */
export async function deleteOldAccountEvents(db: Db, retentionDays: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('account_events')
    .where('created_at', '<', now - retentionDays * 24 * 60 * 60 * 1000)
    .execute();
}
