import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '~/server/platform/log.mjs';
import { startWorker } from '~/server/platform/worker';

afterEach(() => vi.restoreAllMocks());

describe('the background worker', () => {
  it('runs one pass at a time; kicks during a pass ask for one more pass after it', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    let release!: () => void;
    const worker = startWorker(
      'test',
      async () => {
        active++;
        most = Math.max(most, active);
        passes++;
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
        active--;
      },
      { everyMs: 60_000, firstRunAfterMs: 60_000 },
    );
    const first = worker.kick();
    const second = worker.kick();
    const third = worker.kick();
    release();
    await Promise.all([first, second, third]);
    expect(passes).toBe(2);
    expect(most).toBe(1);
    await worker.stop();
  });

  it('logs a failed pass in one line and goes on; stop can run a last pass', async () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    let calls = 0;
    const worker = startWorker(
      'flaky',
      async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
      },
      { everyMs: 60_000, firstRunAfterMs: 60_000 },
    );
    await worker.kick();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), '[flaky] pass failed: database away');
    await worker.kick();
    await worker.stop({ finalPass: true });
    expect(calls).toBe(3);
    await worker.kick();
    expect(calls).toBe(3);
  });

  it('runs on its interval', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const worker = startWorker('timed', async () => void calls++, { everyMs: 1000 });
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(4);
    await worker.stop();
    vi.useRealTimers();
  });

  it('runs first after the delay it is given, then on its interval, and says when the next pass starts', async () => {
    vi.useFakeTimers({ now: 0 });
    let calls = 0;
    const worker = startWorker('delayed', async () => void calls++, { everyMs: 1000, firstRunAfterMs: 250 });
    expect(calls).toBe(0);
    expect(worker.nextRunAt()).toBe(250);
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    expect(worker.nextRunAt()).toBe(1250);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await worker.stop();
    expect(worker.nextRunAt()).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
    vi.useRealTimers();
  });
});
