/** Waiting on the e-mail outbox itself rather than on a clock. */
import type { Db } from '../../src/server/db';
import { until } from './until';

/**
 * Resolves once every outbox row of these enquiries is marked sent. A row is marked after the mail server took the
 * message, so from then on no more copies of them can arrive: what the sink holds is final.
 */
export function outboxSettled(db: Db, messageIds: string[], timeoutMs = 30_000) {
  return until(async () => {
    const rows = await db.selectFrom('mail_outbox').select(['message_id', 'status']).where('message_id', 'in', messageIds).execute();
    const settled = messageIds.every((id) => rows.some((row) => row.message_id === id)) && rows.every((row) => row.status === 'sent');
    return settled ? true : undefined;
  }, timeoutMs);
}
