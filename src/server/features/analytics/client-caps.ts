/**
 * Per-address caps on what the beacon can add (src/config/analytics.ts: analyticsClientCaps). In memory, on the
 * limiter's in-memory twin (platform/memory-limit.mjs): the point is that one address cannot inflate the figures, and
 * a beacon may be dropped where a lead may not. Fixed windows per address; each limiter is bounded, forgetting the
 * least recently seen address first.
 */
import { createHash } from 'node:crypto';
import { clientKey } from '../../platform/address-range.mjs';
import { createMemoryLimiter } from '../../platform/memory-limit.mjs';

export interface ClientCaps {
  pageViewsPerMinute: number;
  newVisitorsPerHour: number;
  notFoundPerHour: number;
  trackedAddresses: number;
}

const minute = 60_000;
const hour = 3_600_000;

export function createClientCaps(caps: ClientCaps) {
  const maxKeys = caps.trackedAddresses;
  const views = createMemoryLimiter({ max: caps.pageViewsPerMinute, windowMs: minute, maxKeys });
  /** Distinct user agents (short hashes) an address shows in its hour: each is a visitor id of this address. */
  const visitors = createMemoryLimiter({ max: caps.newVisitorsPerHour, windowMs: hour, maxKeys });
  const notFound = createMemoryLimiter({ max: caps.notFoundPerHour, windowMs: hour, maxKeys });
  return {
    /** Whether a page view from this client may be counted; counts it when it may. */
    admitPageView(address: string, userAgent: string, now: number): boolean {
      const key = clientKey(address);
      if (!views.check(key, now).allowed) return false;
      const agent = createHash('sha256').update(userAgent).digest('base64url').slice(0, 12);
      if (!visitors.take(key, now, agent).allowed) return false;
      views.take(key, now);
      return true;
    },
    /** Whether a visit to a missing page from this client may be counted (as well as its page view); counts it when it may. */
    admitNotFound(address: string, now: number): boolean {
      return notFound.take(clientKey(address), now).allowed;
    },
    tracked: () => Math.max(views.size(), visitors.size(), notFound.size()),
  };
}
