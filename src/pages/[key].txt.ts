import type { APIRoute } from 'astro';
import { settings } from '~/config/settings.mjs';
import { guarded } from '~/server/api/endpoint';
import { keyFileAnswer } from '~/server/features/indexnow/key.mjs';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/**
 * IndexNow's key file for the key switched on in the admin, read from the database so a switch counts at once in
 * every process (INDEXNOW_KEY's own file is answered by the HTTP front before this). Any other name: 404.
 */
export const GET: APIRoute = ({ params }) => guarded(async () => keyFileAnswer((await getRuntime()).db, settings().indexNow.key, params.key));
