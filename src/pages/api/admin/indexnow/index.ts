import { accepted, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { overviewAnswer, startRun } from '~/server/features/indexnow/endpoint';

export const prerender = false;

/** Key status, the last run and the last submissions. */
export const GET = route({ admin: true }, async ({ runtime }) => ok(await overviewAnswer(runtime)));

/** Submit the pages that changed since they were last submitted. */
export const POST = route({ admin: true }, async ({ runtime }) => accepted(await startRun(runtime, 'admin')));
