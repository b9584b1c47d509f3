// @ts-check
// One job in a child process: work that parses what strangers serve (the site checker reading robots.txt, sitemaps
// and pages) runs here rather than on the server's event loop, where a 5 MB page held every request up for seconds.
// The child runs at the lowest CPU priority (the server's pages come first on a busy machine), with a heap ceiling
// (`--max-old-space-size`) and a deadline that kills it; the caller gets the child's result, its progress as it goes,
// or a ChildJobFailure saying plainly why there is none. Plain JavaScript: the child's own file (a plain-Node module,
// loaded as it is, outside the server's bundle) uses `answerJob` from here.
import { fork } from 'node:child_process';
import os from 'node:os';

/** @typedef {'deadline' | 'memory' | 'stopped' | 'crashed' | 'failed'} FailureReason */

/** Why a child gave no result. `reason` tells the cases apart; the message is fit to show. */
export class ChildJobFailure extends Error {
  /** @param {FailureReason} reason @param {string} message */
  constructor(reason, message) {
    super(message);
    this.name = 'ChildJobFailure';
    this.reason = reason;
  }
}

/** @param {number} deadlineMs @param {number} memoryMb */
const failureText = (deadlineMs, memoryMb) => ({
  deadline: `it was still running after ${Math.round(deadlineMs / 1000)} s, so it was ended`,
  memory: `it needed more than the ${memoryMb} MB of memory it is given, so it was ended`,
  stopped: 'it was stopped (the server is stopping)',
  crashed: 'it ended without an answer',
});

/**
 * Runs `job` in a child process of `file` (a module calling `answerJob`).
 * @template T
 * @param {string} file
 * @param {unknown} job sent to the child (structured clone: plain data)
 * @param {{ deadlineMs: number, memoryMb: number, signal?: AbortSignal, onProgress?: (progress: any) => void }} limits
 * @returns {Promise<T>}
 */
export function runInChild(file, job, { deadlineMs, memoryMb, signal, onProgress }) {
  const texts = failureText(deadlineMs, memoryMb);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ChildJobFailure('stopped', texts.stopped));
      return;
    }
    const child = fork(file, [], {
      execArgv: [`--max-old-space-size=${memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it runs at the server's own priority, still off its event loop.
      }
    }
    /** @type {FailureReason | null} why the child was killed, when it was */
    let killedFor = null;
    let settled = false;
    const kill = (/** @type {FailureReason} */ reason) => {
      killedFor ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('deadline'), deadlineMs);
    const stop = () => kill('stopped');
    signal?.addEventListener('abort', stop, { once: true });
    const settle = (/** @type {() => void} */ outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      outcome();
    };
    child.on('message', (/** @type {{ progress?: unknown, result?: T, failure?: string }} */ message) => {
      if ('progress' in message) onProgress?.(message.progress);
      else if ('result' in message) settle(() => resolve(/** @type {T} */ (message.result)));
      else settle(() => reject(new ChildJobFailure('failed', message.failure ?? texts.crashed)));
    });
    // 'on', not 'once': a second error (a failed kill or send after the first) would otherwise throw in the server.
    child.on('error', (error) => {
      kill('crashed');
      settle(() => reject(new ChildJobFailure('crashed', `${texts.crashed}: ${error.message}`)));
    });
    // 'close', not 'exit': by then the IPC channel has closed too, so a result sent just before the end has arrived.
    child.once('close', (code, exitSignal) => {
      // V8 out of heap aborts the process (SIGABRT, or 134 where the signal is turned into an exit code).
      const reason = killedFor ?? (exitSignal === 'SIGABRT' || code === 134 ? 'memory' : 'crashed');
      settle(() => reject(new ChildJobFailure(reason, texts[/** @type {Exclude<FailureReason, 'failed'>} */ (reason)] ?? texts.crashed)));
    });
    child.send(/** @type {import('node:child_process').Serializable} */ (job));
  });
}

/**
 * The child's side: answers the one job it is sent with `work`'s result (or why it failed), passing on the progress
 * `work` reports, then lets the process end.
 * @param {(job: any, progress: (progress: unknown) => void) => Promise<unknown>} work
 */
export function answerJob(work) {
  process.once('message', async (job) => {
    /** @type {object} */
    let answer;
    try {
      answer = { result: await work(job, (progress) => process.send?.({ progress })) };
    } catch (error) {
      answer = { failure: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(answer, () => process.disconnect());
  });
}
