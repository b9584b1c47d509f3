// @ts-check
// A named lease in the database: one holder at a time across every server process sharing it (a job that must not
// run twice at once). A holder that dies leaves it to expire; a live one renews it while it works.
/** @typedef {import('kysely').Kysely<any>} Db */

/**
 * @param {Db} db
 * @param {string} name
 * @param {number} leaseMs how long a taking or a renewal holds it
 */
export function lease(db, name, leaseMs) {
  return {
    /** Takes the lease when it is free or expired; true when this holder has it. @param {string} holder */
    async acquire(holder, now = Date.now()) {
      await db
        .insertInto('job_leases')
        .values({ name, holder, expires_at: now + leaseMs })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet({ holder, expires_at: now + leaseMs })
            .where('job_leases.expires_at', '<', now),
        )
        .execute();
      const row = await db.selectFrom('job_leases').select('holder').where('name', '=', name).executeTakeFirst();
      return row?.holder === holder;
    },
    /** @param {string} holder */
    async renew(holder) {
      await db
        .updateTable('job_leases')
        .set({ expires_at: Date.now() + leaseMs })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
    /** @param {string} holder */
    async release(holder) {
      await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
    },
    /** True while some process holds it. */
    async held() {
      const row = await db.selectFrom('job_leases').select('expires_at').where('name', '=', name).executeTakeFirst();
      return row !== undefined && Number(row.expires_at) > Date.now();
    },
  };
}
