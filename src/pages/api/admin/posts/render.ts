import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { maxPostBytes, postRenderBody, renderPreview } from '~/server/features/posts/endpoint';
import { knownPaths } from './_deps';

export const prerender = false;

/** The editor's live preview and SEO checks. */
export const POST = route({ body: postRenderBody, bodyFrom: 'json', maxBytes: maxPostBytes, admin: true }, async ({ body, runtime }) =>
  ok(renderPreview(runtime.posts, body, await knownPaths(runtime))),
);
