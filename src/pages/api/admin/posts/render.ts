import type { APIRoute } from 'astro';
import { guarded } from '~/server/api/endpoint';
import { renderFromRequest } from '~/server/features/posts/endpoint';
import { getRuntime } from '~/server/runtime';
import { knownPaths } from './_deps';

export const prerender = false;

/** The editor's live preview and SEO checks. */
export const POST: APIRoute = ({ request }) => guarded(async () => renderFromRequest((await getRuntime()).posts, request, await knownPaths()));
