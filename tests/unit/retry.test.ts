import { describe, expect, it } from 'vitest';
import { RetryableFailure, retryAfterMs, withRetries } from '~/server/platform/retry.mjs';

describe('the retry helper', () => {
  it('tries again after a retryable failure, waiting the backoff with jitter or what the failure asked for', async () => {
    const waits: number[] = [];
    let tries = 0;
    const attempt = async (n: number) => {
      tries++;
      throw new RetryableFailure('busy', n === 2 ? 5 : null);
    };
    await expect(withRetries(attempt, { attempts: 3, baseMs: 100, maxWaitMs: 1000, wait: async (ms) => waits.push(ms) })).rejects.toThrow(RetryableFailure);
    expect(tries).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBe(5);
  });

  it('returns the first success, and stops at once on a failure that is not retryable', async () => {
    expect(
      await withRetries(async (n) => (n < 2 ? Promise.reject(new RetryableFailure('x')) : `ok after ${n}`), { attempts: 5, baseMs: 1, maxWaitMs: 1 }),
    ).toBe('ok after 2');
    let tries = 0;
    const final = async () => {
      tries++;
      throw new Error('rejected');
    };
    await expect(withRetries(final, { attempts: 5, baseMs: 1, maxWaitMs: 1 })).rejects.toThrow('rejected');
    expect(tries).toBe(1);
  });

  it('caps every wait, and a wait that throws stops the retries with its error', async () => {
    const waits: number[] = [];
    await expect(
      withRetries(async () => Promise.reject(new RetryableFailure('x', 60_000)), {
        attempts: 2,
        baseMs: 1,
        maxWaitMs: 500,
        wait: async (ms) => waits.push(ms),
      }),
    ).rejects.toThrow();
    expect(waits).toEqual([500]);
    const stop = new Error('stopping');
    await expect(
      withRetries(async () => Promise.reject(new RetryableFailure('x')), { attempts: 5, baseMs: 1, maxWaitMs: 1, wait: () => Promise.reject(stop) }),
    ).rejects.toBe(stop);
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
