import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { maxPostBytes, postAction, postActionBody } from '~/server/features/posts/endpoint';
import { postsDeps } from '../_deps';

export const prerender = false;

/** publish (now or at a UK time), unpublish, restore (an earlier version). */
export const POST = route({ body: postActionBody, bodyFrom: 'json', maxBytes: maxPostBytes, admin: true }, async ({ params, body, runtime }) =>
  ok(await postAction(await postsDeps(runtime), params.id!, params.action!, body)),
);
