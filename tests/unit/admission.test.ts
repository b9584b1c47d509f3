import { describe, expect, it } from 'vitest';
import { publicWrites, writeAdmission } from '../../src/config/admission.mjs';
import { publicEndpoints } from '../../src/config/endpoints.mjs';
import { analyticsEndpoint } from '../../src/config/analytics-wire';
import { createAdmission } from '../../src/server/platform/http/admission.mjs';

const rules = { ...writeAdmission, perClient: { '/api/x': { perMinute: 3 } }, concurrent: 1, waiting: 2 };

describe('admission of writes (before a body is read)', () => {
  it('refuses a client past its per-minute count with 429 and the seconds left, and no other client', () => {
    const admission = createAdmission(rules);
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) expect(admission.refusal('/api/x', '203.0.113.1', start + i)).toBeNull();
    expect(admission.refusal('/api/x', '203.0.113.1', start + 20_000)).toMatchObject({ status: 429, retryAfterSeconds: 40 });
    expect(admission.refusal('/api/x', '203.0.113.2', start + 20_000)).toBeNull();
    // Paths without a per-client count are not counted.
    for (let i = 0; i < 10; i++) expect(admission.refusal('/api/other', '203.0.113.1', start)).toBeNull();
    // A new minute, a new count.
    expect(admission.refusal('/api/x', '203.0.113.1', start + 60_000)).toBeNull();
  });

  it('counts an IPv6 client by its /64', () => {
    const admission = createAdmission(rules);
    for (let i = 0; i < 3; i++) expect(admission.refusal('/api/x', `2001:db8:1:2::${i + 1}`, 0)).toBeNull();
    expect(admission.refusal('/api/x', '2001:db8:1:2:ffff::9', 0)?.status).toBe(429);
    expect(admission.refusal('/api/x', '2001:db8:1:3::1', 0)).toBeNull();
  });

  it('runs writes one place at a time and answers 503 with Retry-After once the waiting line is full', async () => {
    const admission = createAdmission(rules);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const runs = [0, 1, 2].map((n) =>
      admission.run(
        () =>
          new Promise<void>((resolve) => {
            started.push(n);
            releases.push(resolve);
          }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    expect(admission.waiting()).toBe(2);
    expect(admission.refusal('/api/other', '203.0.113.9')).toMatchObject({ status: 503, retryAfterSeconds: writeAdmission.retryAfterSeconds });
    releases[0]!();
    await runs[0];
    expect(admission.refusal('/api/other', '203.0.113.9')).toBeNull();
    // In arrival order.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    releases[1]!();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    releases[2]!();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2]);
  });

  it('names the beacon’s endpoint as the beacon does', () => {
    expect(publicEndpoints.event).toBe(analyticsEndpoint);
  });

  it('lets a person through on every public write endpoint', () => {
    // A visitor sends a page view and a few engagement reports a page, and an enquiry or two: far below the counts.
    expect(publicWrites[publicEndpoints.event]!.perMinute).toBeGreaterThanOrEqual(120);
    expect(publicWrites[publicEndpoints.contact]!.perMinute).toBeGreaterThanOrEqual(10);
  });
});
