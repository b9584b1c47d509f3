import type { APIRoute } from 'astro';
import { guarded } from '~/server/api/endpoint';
import { overviewAnswer, startRun } from '~/server/features/indexnow/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** Key status, the last run and the last submissions. */
export const GET: APIRoute = () => guarded(async () => overviewAnswer(await getRuntime()));

/** Submit the pages that changed since they were last submitted. */
export const POST: APIRoute = () => guarded(async () => startRun(await getRuntime(), 'admin'));
