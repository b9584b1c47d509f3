import type { APIRoute } from 'astro';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { createFromRequest, postList } from '~/server/features/posts/endpoint';
import { getRuntime } from '~/server/runtime';
import { builtPosts, postsDeps } from './_deps';

export const prerender = false;

/** Every post, the code's and the admin's, with status and the last 30 days' views. */
export const GET: APIRoute = () => guarded(async () => jsonAnswer(200, { ok: true, posts: await postList((await getRuntime()).db, await builtPosts()) }));

/** A new draft. */
export const POST: APIRoute = ({ request }) => guarded(async () => createFromRequest(await postsDeps(), request));
