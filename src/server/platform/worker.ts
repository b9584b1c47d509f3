/**
 * The one background loop: work that runs every so often and whenever someone asks (kick), one pass at a time. The
 * first timed pass comes `firstRunAfterMs` after start (at once by default), the next ones `everyMs` after the one
 * before ended. A kick during a pass asks for one more pass after it, and resolves when that is done; a failed pass is
 * logged in one line (while the database or mail server is away it repeats every interval) and the loop goes on.
 */
import { errorField, log } from './log.mjs';
export interface Worker {
  /** Runs a pass now, or one more after the pass in progress; resolves when the work asked for is done. */
  kick(): Promise<void>;
  /** Stops the timer and waits for the pass in progress; `finalPass` runs the work once more after it. */
  stop(options?: { finalPass?: boolean }): Promise<void>;
  /** When the next timed pass starts; null while one runs (the next is timed from its end) and once stopped. */
  nextRunAt(): number | null;
}

export function startWorker(
  name: string,
  work: () => Promise<unknown>,
  { everyMs, firstRunAfterMs = 0 }: { everyMs: number; firstRunAfterMs?: number },
): Worker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let nextAt: number | null = null;

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
  const schedule = (delayMs: number) => {
    nextAt = Date.now() + delayMs;
    timer = setTimeout(async () => {
      nextAt = null;
      await kick();
      if (!stopping) schedule(everyMs);
    }, delayMs);
    timer.unref();
  };
  if (firstRunAfterMs > 0) schedule(firstRunAfterMs);
  else {
    schedule(everyMs);
    void kick();
  }

  return {
    kick,
    nextRunAt: () => nextAt,
    async stop({ finalPass = false } = {}) {
      stopping = true;
      nextAt = null;
      clearTimeout(timer);
      await running;
      if (finalPass) await work().catch((error: unknown) => log.error(errorField(error), `[${name}] last pass failed`));
    },
  };
}
