import { route } from '~/server/api/route';
import { keyFileAnswer } from '~/server/features/indexnow/key.mjs';

export const prerender = false;

/**
 * IndexNow's key file for the key switched on in the admin, read from the database so a switch counts at once in
 * every process (INDEXNOW_KEY's own file is answered by the HTTP front before this). Any other name: 404.
 */
export const GET = route({}, async ({ params, runtime, settings }) => keyFileAnswer(runtime.db, settings.indexNow.key, params.key));
