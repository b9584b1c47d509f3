import type { PostListAnswer } from '~/lib/post-types';
import { created, ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { createPostFrom, maxPostBytes, postCreateBody, postList } from '~/server/features/posts/endpoint';
import { builtPosts, postsDeps } from './_deps';

export const prerender = false;

/** Every post, the code's and the admin's, with status and the last 30 days' views. */
export const GET = route({ admin: true }, async ({ runtime }) =>
  ok({ ok: true, posts: await postList(runtime.db, await builtPosts()) } satisfies PostListAnswer),
);

/** A new draft. */
export const POST = route({ body: postCreateBody, bodyFrom: 'json', maxBytes: maxPostBytes, admin: true }, async ({ body, runtime }) =>
  created(await createPostFrom(await postsDeps(runtime), body)),
);
