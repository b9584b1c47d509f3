/**
 * The one way work is run off the server's event loop (platform/child-job.mjs): the child's result and progress come
 * back; a child past its deadline, past its memory ceiling, or stopped is killed and said so; a failure in the job is
 * a failure with its message.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ChildJobFailure, runInChild } from '../../src/server/platform/child-job.mjs';

const file = fileURLToPath(new URL('../support/child-jobs.mjs', import.meta.url));
const limits = { deadlineMs: 30_000, memoryMb: 64 };

/** The failure a run ended with (the test fails when it gave a result). */
async function failureOf(run: Promise<unknown>): Promise<ChildJobFailure> {
  const outcome = await run.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  expect(outcome).toHaveProperty('error');
  expect((outcome as { error: unknown }).error).toBeInstanceOf(ChildJobFailure);
  return (outcome as { error: ChildJobFailure }).error;
}

describe('a job in a child process', () => {
  it('gives its result and its progress on the way', async () => {
    const seen: unknown[] = [];
    const result = await runInChild(file, { kind: 'count', steps: 4 }, { ...limits, onProgress: (p) => seen.push(p) });
    expect(result).toEqual({ counted: 4 });
    expect(seen).toEqual([{ done: 1 }, { done: 2 }, { done: 3 }, { done: 4 }]);
  });

  it('is killed at its deadline, and says so', async () => {
    const failure = await failureOf(runInChild(file, { kind: 'forever' }, { ...limits, deadlineMs: 500 }));
    expect(failure.reason).toBe('deadline');
    expect(failure.message).toContain('still running after 1 s');
  });

  it('is killed past its memory ceiling, and says so', async () => {
    const failure = await failureOf(runInChild(file, { kind: 'hoard' }, limits));
    expect(failure.reason).toBe('memory');
    expect(failure.message).toContain(`${limits.memoryMb} MB`);
  }, 60_000);

  it('is killed when it is stopped', async () => {
    const stopping = new AbortController();
    const run = runInChild(file, { kind: 'forever' }, { ...limits, signal: stopping.signal, onProgress: () => stopping.abort() });
    expect((await failureOf(run)).reason).toBe('stopped');
    // Already stopped: no child at all.
    expect((await failureOf(runInChild(file, { kind: 'count' }, { ...limits, signal: stopping.signal }))).reason).toBe('stopped');
  });

  it("passes on the job's own failure", async () => {
    const failure = await failureOf(runInChild(file, { kind: 'nothing' }, limits));
    expect(failure).toMatchObject({ reason: 'failed', message: 'no job called nothing' });
  });
});
