import type { APIRoute } from 'astro';
import { coverImage } from '~/server/features/posts/covers';
import { readOrUnavailable } from '~/server/features/posts/public';

/** An admin post's cover image, one size and format (each upload gets a new id, so it can be cached for good). */
export const prerender = false;

export const GET: APIRoute = async ({ params, locals }) => {
  const db = (await locals.runtime()).db;
  const found = await readOrUnavailable(() => coverImage(db, params.file ?? ''));
  if (found instanceof Response) return found;
  if (!found) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(found.bytes), {
    headers: { 'Content-Type': `image/${found.format}`, 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
};
