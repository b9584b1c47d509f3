import type { DoneAnswer } from '~/lib/admin-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { deletePostDraft, maxPostBytes, postSaveBody, readPost, savePostFrom } from '~/server/features/posts/endpoint';
import { postsDeps } from './_deps';

export const prerender = false;

export const GET = route({ admin: true }, async ({ params, runtime }) => ok(await readPost(runtime.db, params.id!)));

/** A save over the version the editor started from. */
export const PUT = route({ body: postSaveBody, bodyFrom: 'json', maxBytes: maxPostBytes, admin: true }, async ({ params, body, runtime }) =>
  ok(await savePostFrom(await postsDeps(runtime), params.id!, body)),
);

/** Deletes a draft that was never published. */
export const DELETE = route({ admin: true }, async ({ params, runtime }) => {
  await deletePostDraft(runtime.db, params.id!);
  return ok({ ok: true } satisfies DoneAnswer);
});
