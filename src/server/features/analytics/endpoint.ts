/**
 * POST /api/event: a beacon from a public page. 204 for anything accepted or quietly dropped (bots, the signed-in
 * owner, another site's page), 4xx for a body that is not an event; never a 5xx for bad input.
 */
import { isbot } from 'isbot';
import { z } from 'zod';
import { adminPaths } from '~/config/admin';
import { analyticsRules, viewportClasses, vitalMetrics } from '~/config/analytics';
import { callerOf } from '../../api/caller';
import { fromAnotherSite } from '../../platform/http/same-site';
import { BodyError, fromWebRequest, readLimited } from '../../api/request-body';
import type { AdminAuth } from '../auth/admin-auth';
import type { AnalyticsService, QueuedEvent } from './ingest';

const path = z
  .string()
  .max(300)
  .regex(/^\/[^\s?#]*$/)
  // Never the admin or the API, however spelt (`/Admin`, `//admin`); other paths that are no page are dropped later.
  .refine((p) => {
    const normal = p.replace(/^\/+/, '/').toLowerCase();
    return !normal.startsWith(adminPaths.home) && !normal.startsWith('/api/');
  });
const viewport = z.enum(viewportClasses.map((c) => c.id) as [string, ...string[]]);
const short = z.string().max(100).optional();
const id = z.string().regex(/^[a-zA-Z0-9-]{8,64}$/);
const sample = z.tuple([z.number().nonnegative(), z.string().max(20)]);

const eventSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('v'),
    id,
    p: path,
    w: viewport,
    r: z
      .string()
      .max(253)
      .regex(/^[a-zA-Z0-9.:-]+$/)
      .optional(),
    us: short,
    um: short,
    uc: short,
  }),
  z.object({
    k: z.literal('e'),
    id,
    p: path,
    w: viewport,
    t: z
      .number()
      .nonnegative()
      .max(24 * 3_600_000),
    m: z.partialRecord(z.enum(vitalMetrics.map((m) => m.id) as [string, ...string[]]), sample).optional(),
  }),
]);

const accepted = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
const refused = (status: number, message: string) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

const sessionCookie = /(?:^|;\s*)(?:__Secure-)?hale-admin\.session_token=/;

interface EventDeps {
  analytics: AnalyticsService;
  adminAuth: AdminAuth;
}

export async function handleEvent(runtime: EventDeps, request: Request, url: URL, clientAddress: string): Promise<Response> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'application/json') return refused(415, 'Send the event as text/plain or application/json.');
  let text: string;
  try {
    text = await readLimited(fromWebRequest(request), analyticsRules.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyError) return refused(error.status, error.message);
    return refused(400, 'The request body could not be read.');
  }
  let parsed: z.infer<typeof eventSchema>;
  try {
    const result = eventSchema.safeParse(JSON.parse(text));
    if (!result.success) return refused(400, 'That is not an analytics event.');
    parsed = result.data;
  } catch {
    return refused(400, 'The body is not JSON.');
  }

  if (fromAnotherSite(request, url)) return accepted();
  const userAgent = request.headers.get('user-agent') ?? '';
  // Bots and the owner are screened at the page view. An engagement report only counts for a page view already
  // counted (found by its random id), and browsers may send it from outside the page as it unloads, with other
  // headers, so it is not screened again.
  if (parsed.k === 'v') {
    if (!userAgent || isbot(userAgent)) return accepted();
    // The owner browsing their own site is not a visitor. Only a request carrying a session cookie costs a lookup.
    if (sessionCookie.test(request.headers.get('cookie') ?? '')) {
      const owner = await runtime.adminAuth.currentSession(callerOf({ request, url, clientAddress })).catch(() => null);
      if (owner) return accepted();
    }
  }
  runtime.analytics.accept(parsed as QueuedEvent, { address: clientAddress, userAgent });
  return accepted();
}

/** The contact endpoint's hook: a sent enquiry is a conversion of the sender's current visit. */
export function recordConversion(runtime: Pick<EventDeps, 'analytics'>, clientAddress: string, userAgent: string | null) {
  if (!userAgent || isbot(userAgent)) return;
  runtime.analytics.accept({ k: 'c' }, { address: clientAddress, userAgent });
}
