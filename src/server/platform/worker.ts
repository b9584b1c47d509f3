/**
 * The one background loop: work that runs every so often and whenever someone asks (kick), one pass at a time. A
 * kick during a pass asks for one more pass after it, and resolves when that is done; a failed pass is logged in one
 * line (while the database or mail server is away it repeats every interval) and the loop goes on.
 */
import { errorField, log } from './log.mjs';
export interface Worker {
  /** Runs a pass now, or one more after the pass in progress; resolves when the work asked for is done. */
  kick(): Promise<void>;
  /** Stops the timer and waits for the pass in progress; `finalPass` runs the work once more after it. */
  stop(options?: { finalPass?: boolean }): Promise<void>;
}

export function startWorker(name: string, work: () => Promise<unknown>, { everyMs, runAtStart = true }: { everyMs: number; runAtStart?: boolean }): Worker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  const passes = async () => {
    try {
      do {
        again = false;
        try {
          await work();
        } catch (error) {
          log.error(errorField(error), `[${name}] pass failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again && !stopping);
    } finally {
      running = null;
    }
  };
  const kick = (): Promise<void> => {
    if (stopping) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = passes();
    return running;
  };
  const schedule = () => {
    timer = setTimeout(async () => {
      await kick();
      if (!stopping) schedule();
    }, everyMs);
    timer.unref();
  };
  schedule();
  if (runAtStart) void kick();

  return {
    kick,
    async stop({ finalPass = false } = {}) {
      stopping = true;
      clearTimeout(timer);
      await running;
      if (finalPass) await work().catch((error: unknown) => log.error(errorField(error), `[${name}] last pass failed`));
    },
  };
}
