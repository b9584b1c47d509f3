/**
 * Conversions and enquiries agree: an enquiry marked as spam is not a conversion. Each conversion remembers its
 * enquiry (analytics_conversions); marking the enquiry as spam takes the day's conversion back unless the same
 * visitor sent another enquiry that day that is not spam, and marking it otherwise again gives it back.
 */
import type { Db } from '../../db';

/** Called when an enquiry's status changes; returns whether the day's conversions changed. */
export async function setConversionSpam(db: Db, leadId: string, spam: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('analytics_conversions').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
    if (!row || Boolean(Number(row.spam)) === spam) return false;
    await trx
      .updateTable('analytics_conversions')
      .set({ spam: spam ? 1 : 0 })
      .where('lead_id', '=', leadId)
      .execute();
    // After 48 hours the visitor id is gone with its salt: the enquiry then stands for its visitor alone.
    if (row.visitor !== null) {
      const others = await trx
        .selectFrom('analytics_conversions')
        .select('lead_id')
        .where('day', '=', row.day)
        .where('visitor', '=', row.visitor)
        .where('lead_id', '!=', leadId)
        .where('spam', '=', 0)
        .executeTakeFirst();
      if (others) return false;
      // The visitor's day, and their visits that day (a filtered view counts conversions from those).
      for (const table of ['analytics_visitors', 'analytics_visits'] as const) {
        await trx
          .updateTable(table)
          .set({ converted: spam ? 0 : 1 })
          .where('day', '=', row.day)
          .where('visitor', '=', row.visitor)
          .execute();
      }
    }
    await trx
      .updateTable('analytics_daily')
      .set((eb) => ({ conversions: eb('conversions', spam ? '-' : '+', 1) }))
      .where('day', '=', row.day)
      .execute();
    return true;
  });
}
