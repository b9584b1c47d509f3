/** Settings → status: what the owner needs to see at once, read live from the database and this process. */
import { sql } from 'kysely';
import type { SiteStatus } from '~/lib/admin-types';
import type { Db, DbKind } from '../../db';
import { siteUrlMismatch } from '../../platform/site-url';

export async function siteStatus(db: Db, kind: DbKind, smtpConfigured: boolean, siteUrl: string): Promise<SiteStatus> {
  const build = __BUILD_INFO__;
  const migration = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  const delivered = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max<number>('sent_at').as('at'))
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  const waiting = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('created_at').as('oldest')])
    .where('status', '=', 'pending')
    // A message held on purpose (an alert waiting for quiet hours to end) is not one the mail server failed to take.
    .where((eb) => eb.or([eb('attempts', '>', 0), eb('next_attempt_at', '<=', Date.now())]))
    .executeTakeFirstOrThrow();
  // The latest failure still unresolved: a message waiting with an error from its last try.
  const failing = await db
    .selectFrom('mail_outbox')
    .select(['last_error', 'next_attempt_at', 'attempts'])
    .where('status', '=', 'pending')
    .where('last_error', 'is not', null)
    .orderBy('next_attempt_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    database: { kind, migration: migration.rows[0]?.name ?? null },
    mail: {
      smtpConfigured,
      lastDeliveredAt: delivered.at === null ? null : Number(delivered.at),
      waiting: Number(waiting.count),
      oldestWaitingAt: waiting.oldest === null ? null : Number(waiting.oldest),
      lastError: failing?.last_error ?? null,
    },
    build,
    siteUrlMismatch: siteUrlMismatch(siteUrl, build.siteUrl),
  };
}
