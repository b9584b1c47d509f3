/** The limiter's maths (platform/limit.ts `decide`, `minutesOf`) and its in-memory twin (platform/memory-limit.mjs). */
import { describe, expect, it } from 'vitest';
import { decide, minutesOf } from '../../src/server/platform/limit';
import { createMemoryLimiter } from '../../src/server/platform/memory-limit.mjs';

const minute = 60_000;

describe('the retry-after maths of the limiter', () => {
  it('allows below the limit and says what is left', () => {
    expect(decide([], 3, 10 * minute, 0)).toEqual({ allowed: true, remaining: 3 });
    expect(decide([1, 2], 3, 10 * minute, 5)).toEqual({ allowed: true, remaining: 1 });
  });

  it('at the limit, is free when the oldest hit that still counts leaves the window', () => {
    const start = 1_000_000;
    const times = [start, start + minute, start + 2 * minute];
    expect(decide(times, 3, 10 * minute, start + 3 * minute)).toEqual({ allowed: false, retryAfterSeconds: 420, freeAt: start + 10 * minute });
    // Past the limit (hits taken meanwhile, or a lower limit since): the place is free once fewer than max remain.
    expect(decide([...times, start + 4 * minute], 3, 10 * minute, start + 5 * minute)).toMatchObject({ retryAfterSeconds: 360, freeAt: start + 11 * minute });
  });

  it('rounds up to whole seconds, never below one, and minutes likewise', () => {
    expect(decide([0], 1, 1000, 999)).toMatchObject({ retryAfterSeconds: 1 });
    expect(decide([0], 1, 1000, 1000)).toMatchObject({ retryAfterSeconds: 1 });
    expect(decide([0], 1, 10_001, 0)).toMatchObject({ retryAfterSeconds: 11 });
    expect([minutesOf(1), minutesOf(60), minutesOf(61), minutesOf(420)]).toEqual([1, 1, 2, 7]);
  });

  it('a limit of none is never free before a whole window', () => {
    expect(decide([], 0, minute, 5)).toEqual({ allowed: false, retryAfterSeconds: 60, freeAt: 5 + minute });
  });
});

describe('the in-memory limiter', () => {
  it('counts hits in a fixed window from the first, then starts a new window at its edge', () => {
    const limiter = createMemoryLimiter({ max: 3, windowMs: minute, maxKeys: 10 });
    const start = 1_000_000;
    expect([0, 1, 2].map((i) => limiter.take('a', start + i))).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
    ]);
    expect(limiter.take('a', start + 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limiter.take('a', start + minute - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('b', start + 20_000)).toEqual({ allowed: true, remaining: 2 });
    // The window's edge: a minute after its first hit, a new one.
    expect(limiter.take('a', start + minute)).toEqual({ allowed: true, remaining: 2 });
  });

  it('check answers as take would, counting nothing', () => {
    const limiter = createMemoryLimiter({ max: 1, windowMs: minute, maxKeys: 10 });
    expect(limiter.check('a', 0)).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.check('a', 0)).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.size()).toBe(0);
    limiter.take('a', 0);
    expect(limiter.check('a', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.check('a', minute)).toEqual({ allowed: true, remaining: 1 });
  });

  it('with members, limits distinct members in the window; one already counted is allowed again', () => {
    const limiter = createMemoryLimiter({ max: 2, windowMs: minute, maxKeys: 10 });
    expect(limiter.take('a', 0, 'x')).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.take('a', 1, 'x')).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.take('a', 2, 'y')).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.take('a', 3, 'z')).toMatchObject({ allowed: false });
    expect(limiter.take('a', 4, 'x')).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.take('a', minute, 'z')).toEqual({ allowed: true, remaining: 1 });
  });

  it('remembers at most maxKeys keys, forgetting the least recently seen first', () => {
    const limiter = createMemoryLimiter({ max: 1, windowMs: minute, maxKeys: 2 });
    limiter.take('a', 0);
    limiter.take('b', 0);
    // a is seen again (refused, still seen), so b is now the least recently seen.
    expect(limiter.take('a', 1).allowed).toBe(false);
    limiter.take('c', 2);
    expect(limiter.size()).toBe(2);
    // a was kept (still refused), b was forgotten (a fresh window).
    expect(limiter.check('a', 3).allowed).toBe(false);
    expect(limiter.check('b', 3)).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.check('c', 3).allowed).toBe(false);
  });
});
