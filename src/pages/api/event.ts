import type { APIRoute } from 'astro';
import { handleEvent } from '~/server/features/analytics/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const runtime = await getRuntime().catch(() => null);
  // The database is away: the beacon is lost, the page is not affected.
  if (!runtime) return new Response(null, { status: 503, headers: { 'Retry-After': '60' } });
  return handleEvent(runtime, context.request, context.url, context.clientAddress);
};

export const ALL: APIRoute = () =>
  new Response('Use POST to send an event.', { status: 405, headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' } });
