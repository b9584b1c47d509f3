// @ts-check
// The site checker's pool of work: the pages of a crawl, then the links and assets to check, each run a few at a time.
import PQueue from 'p-queue';
import { Cancelled } from './fetch.mjs';

/**
 * Runs `work` on each item added, `concurrency` at once; items added while it runs (links found on a page) are run
 * too. The first failure, or a cancel, stops it: what still waits is dropped and the failure thrown. `settled` is
 * called after each item, whatever became of it.
 * @param {(item: string) => Promise<void>} work
 * @param {{ concurrency: number, signal: AbortSignal, settled: () => void }} how
 */
export function workPool(work, { concurrency, signal, settled }) {
  const queue = new PQueue({ concurrency, autoStart: false });
  /** @type {unknown} */
  let failure = null;
  const stop = (/** @type {unknown} */ error) => {
    failure ??= error;
    queue.clear();
  };
  return {
    /** @param {string} item */
    add(item) {
      void queue.add(async () => {
        if (failure) return;
        if (signal.aborted) return stop(new Cancelled());
        try {
          await work(item);
        } catch (error) {
          stop(error);
        } finally {
          settled();
        }
      });
    },
    async run() {
      queue.start();
      await queue.onIdle();
      if (failure) throw failure;
    },
  };
}
