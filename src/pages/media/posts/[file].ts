import { file, pageNotFound } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { coverImage } from '~/server/features/posts/covers';

/** An admin post's cover image, one size and format (each upload gets a new id, so it can be cached for good). */
export const prerender = false;

export const GET = route({}, async ({ params, runtime }) => {
  const found = await coverImage(runtime.db, params.file ?? '');
  if (!found) return pageNotFound();
  return file(found.bytes, `image/${found.format}`, { 'Cache-Control': 'public, max-age=31536000, immutable' });
});
