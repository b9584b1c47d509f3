/**
 * Per-address caps on what the beacon can add (src/config/analytics.ts: analyticsClientCaps). Pure and in memory: the
 * point is that one address cannot inflate the figures, and a beacon may be dropped where a lead may not. Fixed
 * windows per address; the map is bounded, forgetting the least recently seen address first.
 */
import { createHash } from 'node:crypto';
import { clientKey } from '../../platform/address-range.mjs';

export interface ClientCaps {
  pageViewsPerMinute: number;
  newVisitorsPerHour: number;
  notFoundPerHour: number;
  trackedAddresses: number;
}

interface Window {
  minuteStart: number;
  views: number;
  hourStart: number;
  /** Short hashes of the user agents seen this hour: each is a visitor id of this address. */
  agents: Set<string>;
  /** Visits to a missing page counted this hour. */
  notFound: number;
}

export function createClientCaps(caps: ClientCaps) {
  const windows = new Map<string, Window>();
  /** The client's window, its minute and hour moved on to `now` when they have passed. */
  function windowOf(address: string, now: number): Window {
    const key = clientKey(address);
    let window = windows.get(key);
    if (window)
      windows.delete(key); // re-inserted below: the map's order is "least recently seen" first
    else window = { minuteStart: now, views: 0, hourStart: now, agents: new Set(), notFound: 0 };
    windows.set(key, window);
    if (windows.size > caps.trackedAddresses) windows.delete(windows.keys().next().value!);

    if (now - window.minuteStart >= 60_000) Object.assign(window, { minuteStart: now, views: 0 });
    if (now - window.hourStart >= 3_600_000) Object.assign(window, { hourStart: now, agents: new Set(), notFound: 0 });
    return window;
  }
  return {
    /** Whether a page view from this client may be counted; counts it when it may. */
    admitPageView(address: string, userAgent: string, now: number): boolean {
      const window = windowOf(address, now);
      const agent = createHash('sha256').update(userAgent).digest('base64url').slice(0, 12);
      const newVisitor = !window.agents.has(agent);
      if (window.views >= caps.pageViewsPerMinute) return false;
      if (newVisitor && window.agents.size >= caps.newVisitorsPerHour) return false;
      window.views++;
      window.agents.add(agent);
      return true;
    },
    /** Whether a visit to a missing page from this client may be counted (as well as its page view); counts it when it may. */
    admitNotFound(address: string, now: number): boolean {
      const window = windowOf(address, now);
      if (window.notFound >= caps.notFoundPerHour) return false;
      window.notFound++;
      return true;
    },
    tracked: () => windows.size,
  };
}
