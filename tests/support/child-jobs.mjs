// A child process for the tests of platform/child-job.mjs: each job does what a misbehaving check might (answers,
// reports progress, runs past its deadline, takes more memory than it is given, or fails).
import { answerJob } from '../../src/server/platform/child-job.mjs';

answerJob(async (/** @type {{ kind: string, steps?: number }} */ job, progress) => {
  switch (job.kind) {
    case 'count': {
      for (let i = 1; i <= (job.steps ?? 3); i++) progress({ done: i });
      return { counted: job.steps ?? 3 };
    }
    case 'forever':
      return new Promise(() => setInterval(() => progress({ alive: true }), 100));
    case 'hoard': {
      // Keeps every array it makes: the heap ceiling must end it.
      const kept = [];
      for (;;) kept.push(new Array(1_000_000).fill(kept.length + 0.5));
    }
    default:
      throw new Error(`no job called ${job.kind}`);
  }
});
