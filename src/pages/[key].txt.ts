import { file, pageNotFound } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { keyInUse } from '~/server/features/indexnow/key.mjs';

export const prerender = false;

/**
 * IndexNow's key file for the key switched on in the admin, read from the database so a switch counts at once in
 * every process (INDEXNOW_KEY's own file is answered by the HTTP front before this). Any other name: 404.
 */
export const GET = route({}, async ({ params, runtime, settings }) => {
  const key = await keyInUse(runtime.db, settings.indexNow.key, params.key);
  // Checked with the server before each use: once switched off, the file is gone for everyone.
  return key ? file(key, 'text/plain; charset=utf-8', { 'Cache-Control': 'no-cache' }) : pageNotFound();
});
