/** The one limiter over the database (platform/limit.ts) and its clean-up by scope, on SQLite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbKind } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { deleteExpiredLimitHits, limitWindows } from '../../src/server/features/limits';
import { usedCodeWindow } from '../../src/server/features/auth/used-codes';
import { claimOnce, countHit, forgetHits, giveBack, limit, peekLimit, releaseClaim } from '../../src/server/platform/limit';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';

const minute = 60_000;

describe.each(databaseNames())('the limiter on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let kind: DbKind;
  let n = 0;
  const key = () => `key-${++n}-${Math.random()}`;

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db, kind } = await openTarget(target));
    await migrateToLatest(db, kind);
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  it('takes places up to max in a sliding window, then says when the next is free', async () => {
    const who = key();
    const rule = { scope: 'test:slide', windowMs: 10 * minute, max: 3, key: who };
    const start = 1_000_000_000;
    for (let i = 0; i < 3; i++) expect(await limit(db, { ...rule, now: start + i * minute })).toMatchObject({ allowed: true, remaining: 2 - i });
    expect(await limit(db, { ...rule, now: start + 3 * minute })).toEqual({ allowed: false, retryAfterSeconds: 420, freeAt: start + 10 * minute });
    expect(await peekLimit(db, { ...rule, now: start + 3 * minute })).toEqual({ allowed: false, retryAfterSeconds: 420, freeAt: start + 10 * minute });
    // The refused hit was not kept: at the window's edge the oldest leaves, and one place is free.
    expect(await peekLimit(db, { ...rule, now: start + 10 * minute })).toEqual({ allowed: true, remaining: 1 });
    expect(await peekLimit(db, { ...rule, now: start + 10 * minute - 1 })).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // Another key and another scope are counted apart.
    expect(await limit(db, { ...rule, key: key(), now: start + 3 * minute })).toMatchObject({ allowed: true });
    expect(await limit(db, { ...rule, scope: 'test:other', now: start + 3 * minute })).toMatchObject({ allowed: true });
  });

  it('lets no two requests at once slip under the limit, and gives a place back', async () => {
    const rule = { scope: 'test:race', windowMs: minute, max: 2, key: key(), now: 5_000_000 };
    const results = await Promise.all(Array.from({ length: 6 }, () => limit(db, rule)));
    expect(results.filter((r) => r.allowed).length).toBeLessThanOrEqual(2);
    const state = await peekLimit(db, rule);
    const taken = results.filter((r) => r.allowed);
    expect(state.allowed ? 2 - state.remaining : 2).toBe(taken.length);
    for (const r of taken) if (r.allowed) await giveBack(db, r.hit);
    expect(await peekLimit(db, rule)).toEqual({ allowed: true, remaining: 2 });
  });

  it('counts failures whatever the count, and forgets a key', async () => {
    const rule = { scope: 'test:failures', windowMs: minute, max: 2, key: key(), now: 7_000_000 };
    expect(await countHit(db, rule)).toEqual({ count: 1, remaining: 1 });
    expect(await countHit(db, rule)).toEqual({ count: 2, remaining: 0 });
    expect(await countHit(db, rule)).toEqual({ count: 3, remaining: 0 });
    await forgetHits(db, rule.scope, rule.key);
    expect(await peekLimit(db, rule)).toEqual({ allowed: true, remaining: 2 });
  });

  it('claims a key once in its window, one of two at once, and again after the window', async () => {
    const claim = { scope: 'test:claim', windowMs: minute, key: key(), now: 9_000_000 };
    const both = await Promise.all([claimOnce(db, claim), claimOnce(db, claim)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await claimOnce(db, { ...claim, now: claim.now + minute })).toBe(false);
    expect(await claimOnce(db, { ...claim, now: claim.now + minute + 1 })).toBe(true);
    await releaseClaim(db, claim.scope, claim.key);
    expect(await claimOnce(db, { ...claim, now: claim.now + minute + 2 })).toBe(true);
  });

  it('cleans up each scope after its own window, and an undeclared scope after the longest', async () => {
    const now = 100 * 86_400_000;
    const who = key();
    const hit = (scope: string, at: number) =>
      db
        .insertInto('rate_limit_hits')
        .values({ id: `${scope}-${at}-${who}`, scope, client_hash: who, created_at: at })
        .execute();
    const longest = Math.max(...limitWindows.map((w) => w.windowMs));
    // A used two-factor code is kept minutes, not the day the audit's reports are counted over.
    await hit(usedCodeWindow.scope, now - usedCodeWindow.windowMs - 1);
    for (const window of limitWindows) await hit(window.scope, now - window.windowMs + 1);
    await hit('test:undeclared', now - usedCodeWindow.windowMs - 1);
    await hit('test:undeclared-old', now - longest - 1);
    await deleteExpiredLimitHits(db, now);
    const left = (await db.selectFrom('rate_limit_hits').select(['scope', 'created_at']).where('client_hash', '=', who).execute()).map(
      (r) => `${r.scope} ${now - Number(r.created_at)}`,
    );
    expect(left).not.toContain(`${usedCodeWindow.scope} ${usedCodeWindow.windowMs + 1}`);
    for (const window of limitWindows) expect(left).toContain(`${window.scope} ${window.windowMs - 1}`);
    expect(left).toContain(`test:undeclared ${usedCodeWindow.windowMs + 1}`);
    expect(left).not.toContain(`test:undeclared-old ${longest + 1}`);
  });
});
