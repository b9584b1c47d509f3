import type { APIRoute } from 'astro';
import { guarded } from '~/server/api/endpoint';
import { coverFromRequest } from '~/server/features/posts/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** A cover image upload (the file itself as the body, JPEG, PNG or WebP up to 10 MB). */
export const POST: APIRoute = ({ request }) => guarded(async () => coverFromRequest((await getRuntime()).db, request));
