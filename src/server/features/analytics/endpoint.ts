/**
 * POST /api/event: a beacon from a public page. 204 for an event stored or deliberately not counted (bots, the
 * signed-in owner, another site's page, a path that is no page of the site); 429 when the client's address is over
 * what one address may add, 503 when the queue is full (a beacon may be dropped, but never after a 2xx); 4xx for a
 * body that is not an event; never a 5xx for bad input.
 *
 * Two doors, one rule (`takeEvent`): the HTTP front hands a beacon without cookies straight to `takeEvent` (no
 * router, no write queue: an event is a push onto the in-memory queue), and the Astro route takes the rest, where a
 * session cookie may show the owner, whose own visits are not counted.
 */
import { isbot } from 'isbot';
import { analyticsRules } from '~/config/analytics';
import { type AnalyticsEvent, analyticsEventSchema } from '~/config/analytics-event';
import { callerOf } from '../../api/caller';
import { crossSite } from '../../platform/http/same-site';
import { BodyError, type IncomingBody, fromWebRequest, readLimited } from '../../api/request-body';
import type { AdminAuth } from '../auth';
import type { AnalyticsService } from './ingest';

/** An answer either door can send as it is. */
export interface EventAnswer {
  status: number;
  headers: Record<string, string>;
  text?: string;
}

const accepted: EventAnswer = { status: 204, headers: { 'Cache-Control': 'no-store' } };
const refused = (status: number, text: string, headers: Record<string, string> = {}): EventAnswer => ({
  status,
  text,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
});

const sessionCookie = /(?:^|;\s*)(?:__Secure-)?hale-admin\.session_token=/;

interface EventDeps {
  analytics: AnalyticsService;
  adminAuth: AdminAuth;
}

/** One event, whichever door it came through. `host` is the host the request was sent to (for the same-site check). */
export async function takeEvent(deps: Pick<EventDeps, 'analytics'>, body: IncomingBody, host: string, clientAddress: string): Promise<EventAnswer> {
  const type = (body.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'application/json') return refused(415, 'Send the event as text/plain or application/json.');
  let text: string;
  try {
    text = await readLimited(body, analyticsRules.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyError) return refused(error.status, error.message);
    return refused(400, 'The request body could not be read.');
  }
  let parsed: AnalyticsEvent;
  try {
    const result = analyticsEventSchema.safeParse(JSON.parse(text));
    if (!result.success) return refused(400, 'That is not an analytics event.');
    parsed = result.data;
  } catch {
    return refused(400, 'The body is not JSON.');
  }

  // As the router refuses any cross-site form post (a beacon is text/plain): the page that sent it is not ours.
  const origin = body.header('origin');
  if (type === 'text/plain' && origin && (!URL.canParse(origin) || new URL(origin).host !== host)) {
    return refused(403, 'Cross-site POST form submissions are forbidden');
  }
  if (crossSite((name) => body.header(name), host)) return accepted;
  const userAgent = body.header('user-agent') ?? '';
  // Bots are screened at the page view. An engagement report only counts for a page view already counted (found by
  // its random id), and browsers may send it from outside the page as it unloads, with other headers, so it is not
  // screened again.
  if (parsed.k === 'v' && (!userAgent || isbot(userAgent))) return accepted;
  const outcome = deps.analytics.accept(parsed, { address: clientAddress, userAgent });
  if (outcome === 'over-caps') return refused(429, 'This address has sent more page views than a visitor could.', { 'Retry-After': '60' });
  if (outcome === 'full') return refused(503, 'Too many events at once; this one was not recorded.', { 'Retry-After': '5' });
  return accepted;
}

/** The Astro route's door: the owner browsing their own site (a valid session cookie) is not a visitor. */
export async function handleEvent(runtime: EventDeps, request: Request, url: URL, clientAddress: string): Promise<EventAnswer> {
  // Only a request carrying a session cookie costs a lookup.
  if (sessionCookie.test(request.headers.get('cookie') ?? '')) {
    const owner = await runtime.adminAuth.currentSession(callerOf({ request, url, clientAddress })).catch(() => null);
    if (owner) return accepted;
  }
  return takeEvent(runtime, fromWebRequest(request), url.host, clientAddress);
}

/**
 * The contact endpoint's hook: a stored enquiry is a conversion of the sender's current visit. Only a stored one: the
 * honeypot's answer looks like success to a bot, and is no conversion.
 */
export function recordConversion(runtime: Pick<EventDeps, 'analytics'>, leadId: string, clientAddress: string, userAgent: string | null) {
  if (!userAgent || isbot(userAgent)) return;
  runtime.analytics.accept({ k: 'c', lead: leadId }, { address: clientAddress, userAgent });
}
