import type { APIRoute } from 'astro';
import { postActions, type PostAction } from '~/config/posts';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { actionFromRequest } from '~/server/features/posts/endpoint';
import { postsDeps } from '../_deps';

export const prerender = false;

/** publish (now or at a UK time), unpublish, restore (an earlier version). */
export const POST: APIRoute = ({ params, request }) =>
  guarded(async () => {
    if (!postActions.includes(params.action as PostAction)) return jsonAnswer(404, { ok: false, error: 'There is no such action.' });
    return actionFromRequest(await postsDeps(), params.id!, params.action!, request);
  });
