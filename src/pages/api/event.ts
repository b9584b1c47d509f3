import { beaconAnswer, empty, methodNotAllowed } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { handleEvent } from '~/server/features/analytics/endpoint';

export const prerender = false;

/** A beacon without cookies is taken by the HTTP front before Astro; this door takes the rest (the owner's own visits are not counted). */
export const POST = route(
  // The database is away: the beacon is lost, the page is not affected.
  { onFailure: () => empty(503, { 'Retry-After': '60' }) },
  async ({ runtime, context }) => beaconAnswer(await handleEvent(runtime, context.request, context.url, context.clientAddress)),
);

export const ALL = route({}, async () => methodNotAllowed('POST', 'Use POST to send an event.'));
