import type { APIRoute } from 'astro';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** Readiness: the database is reachable and migrated. The start script calls it once at boot. */
export const GET: APIRoute = async () => {
  try {
    const runtime = await getRuntime();
    await runtime.db.selectFrom('settings').select('key').limit(1).execute();
    return new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('[health]', error);
    return new Response(JSON.stringify({ ok: false }), { status: 503, headers: { 'Content-Type': 'application/json' } });
  }
};
