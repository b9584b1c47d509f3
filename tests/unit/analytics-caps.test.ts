import { describe, expect, it } from 'vitest';
import { analyticsClientCaps } from '../../src/config/analytics';
import { createClientCaps } from '../../src/server/features/analytics/client-caps';
import { clientKey } from '../../src/server/platform/address-range.mjs';

const agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

describe('per-address analytics caps', () => {
  it('counts a person browsing normally, every page', () => {
    const caps = createClientCaps(analyticsClientCaps);
    const start = Date.UTC(2026, 10, 24, 9);
    // A page every ten seconds for an hour.
    for (let i = 0; i < 360; i++) expect(caps.admitPageView('203.0.113.5', agent, start + i * 10_000), `view ${i + 1}`).toBe(true);
  });

  it('gives one address at most the hourly number of new visitors, whatever user agents it claims', () => {
    const caps = createClientCaps(analyticsClientCaps);
    const now = Date.UTC(2026, 10, 24, 9);
    const admitted = Array.from({ length: analyticsClientCaps.newVisitorsPerHour + 20 }, (_, i) =>
      caps.admitPageView('203.0.113.6', `${agent} Rotating/${i}`, now + i * 2000),
    ).filter(Boolean).length;
    expect(admitted).toBe(analyticsClientCaps.newVisitorsPerHour);
    // The visitors it already has keep being counted, another address is unaffected, and the next hour starts afresh.
    expect(caps.admitPageView('203.0.113.6', `${agent} Rotating/0`, now + 100_000)).toBe(true);
    expect(caps.admitPageView('203.0.113.7', `${agent} Rotating/999`, now + 100_000)).toBe(true);
    expect(caps.admitPageView('203.0.113.6', `${agent} Rotating/999`, now + 3_600_000)).toBe(true);
  });

  it('caps page views per minute, then counts again in the next minute', () => {
    const caps = createClientCaps(analyticsClientCaps);
    const now = Date.UTC(2026, 10, 24, 9);
    const admitted = Array.from({ length: analyticsClientCaps.pageViewsPerMinute + 30 }, (_, i) => caps.admitPageView('198.51.100.1', agent, now + i)).filter(
      Boolean,
    ).length;
    expect(admitted).toBe(analyticsClientCaps.pageViewsPerMinute);
    expect(caps.admitPageView('198.51.100.1', agent, now + 60_000)).toBe(true);
  });

  it('counts at most the hourly number of 404 visits from one address, then counts again in the next hour', () => {
    const caps = createClientCaps(analyticsClientCaps);
    const now = Date.UTC(2026, 10, 24, 9);
    const admitted = Array.from({ length: 40 }, (_, i) => caps.admitNotFound('203.0.113.8', now + i * 1000)).filter(Boolean).length;
    expect(admitted).toBe(analyticsClientCaps.notFoundPerHour);
    expect(caps.admitNotFound('203.0.113.9', now + 50_000)).toBe(true);
    expect(caps.admitNotFound('203.0.113.8', now + 3_600_000)).toBe(true);
    // Its ordinary page views are not held back by the 404s.
    expect(caps.admitPageView('203.0.113.8', agent, now + 3_600_001)).toBe(true);
  });

  it('treats an IPv6 /64 as one client, and forgets the least recently seen beyond the tracked number', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb::9'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    const caps = createClientCaps({ ...analyticsClientCaps, trackedAddresses: 3 });
    for (let i = 0; i < 10; i++) caps.admitPageView(`192.0.2.${i}`, agent, 0);
    expect(caps.tracked()).toBe(3);
  });
});
