/**
 * Every limit counts a client by one key: an IPv6 client by its /64 (which one household or server holds whole), an
 * IPv4-mapped address as its IPv4 address. The limits in the database (audit start and report, contact, sign-in and
 * password reset) key an address with `hashClient`, the ones in memory (write admission, analytics, connections) with
 * `clientKey`, which `hashClient` is built on. Here: the keys themselves, that each limit in the database takes its
 * address key from `hashClient` and nowhere else, and that a new module using the limiter is looked at.
 */
import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAdmission } from '../../src/server/platform/http/admission-limits.mjs';
import { clientKey } from '../../src/server/platform/address-range.mjs';
import { hashClient, keyedHash } from '../../src/server/platform/client-hash';
import { limitConnections } from '../../src/server/platform/http/connections.mjs';
import { createAdmission } from '../../src/server/platform/http/admission.mjs';

const oneSlash64 = ['2001:db8:1:1::1', '2001:db8:1:1::2', '2001:db8:1:1::6', '2001:db8:1:1:ffff:ffff:ffff:ffff', '2001:0db8:0001:0001:abcd::42'];
const otherSlash64 = ['2001:db8:1:2::1', '2001:db8:2:1::1'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|astro)$/.test(name) ? [file] : [];
  });
}

describe('the key of a client in every limit', () => {
  it('is one for all the addresses of an IPv6 /64, another for another /64; a mapped IPv4 address is its IPv4 address', () => {
    const keys = new Set(oneSlash64.map((address) => hashClient(address, 'secret')));
    expect(keys.size).toBe(1);
    for (const address of otherSlash64) expect(keys.has(hashClient(address, 'secret'))).toBe(false);
    expect(hashClient('::ffff:203.0.113.9', 'secret')).toBe(hashClient('203.0.113.9', 'secret'));
    expect(hashClient('203.0.113.9', 'secret')).not.toBe(hashClient('203.0.113.10', 'secret'));
    // The same client in memory and in the database.
    expect(hashClient(oneSlash64[0]!, 'secret')).toBe(keyedHash(clientKey(oneSlash64[3]!), 'secret'));
    // Still a keyed hash: nothing of the address, and another secret gives another key.
    expect(hashClient(oneSlash64[0]!, 'secret')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashClient(oneSlash64[0]!, 'secret')).not.toBe(hashClient(oneSlash64[0]!, 'another secret'));
  });

  it('is what every limit in the database keys an address with: audit start and report, contact, sign-in and password reset', () => {
    const files = sourceFiles('src');
    // Every call hands hashClient the address itself: a prefix or anything joined to it would not be read as an address,
    // and the addresses of one /64 would count apart again (the sign-in's key was `sign-in:<address>`).
    const calls = files
      .filter((file) => !file.endsWith('client-hash.ts'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/hashClient\(([^,]*),/g)].map((m) => ({ file, address: m[1]!.trim() })));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.address, call.file).toMatch(/^[A-Za-z_$][\w$.]*$/);
    const callers = new Set(calls.map((c) => c.file.split(path.sep).join('/')));
    // Audit start and its report (the contact limits, through acceptSubmission), the contact form, sign-in and reset.
    expect([...callers].sort()).toEqual(
      ['src/server/features/audit/endpoint.ts', 'src/server/features/auth/admin-auth.ts', 'src/server/features/contact/endpoint.ts'].sort(),
    );
    expect(readFileSync('src/server/features/auth/admin-auth.ts', 'utf8')).toMatch(/addressKey: \(caller: Caller\) => hashClient\(caller\.address,/);

    // Each module that uses the rate limiter, and what it counts: a new one must be looked at (and, if it counts
    // clients, key them with hashClient) before this passes.
    const limiterUsers = files
      .filter((file) => !file.includes(`${path.sep}db${path.sep}`))
      .filter((file) => /platform\/limit'|rate_limit_hits|acceptSubmission\(|throttleState\(|rateLimitStatus\(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(limiterUsers).toEqual(
      [
        'src/server/features/ai/history.ts', // per account (user id), not per address
        'src/server/features/audit/endpoint.ts', // per client (hashClient); reports per e-mail address
        'src/server/features/auth/guard.ts', // sign-in per client (admin-auth's addressKey: hashClient), per account
        'src/server/features/auth/password.ts', // the reset per client (admin-auth's addressKey: hashClient)
        'src/server/features/auth/throttle.ts', // the keys guard.ts and password.ts hand it
        'src/server/features/audit/limits.ts', // the keys audit/endpoint.ts hands it
        'src/server/features/auth/used-codes.ts', // per account and code, not per address
        'src/server/features/contact/endpoint.ts', // per client (hashClient), then per sender
        'src/server/features/contact/leads.ts', // the keys the contact form and the audit report hand it
        'src/server/features/limits.ts', // the registry of windows the clean-up reads; counts no one
        'src/server/features/watch/scheduler.ts', // "Check now" per watched site (its id), not per address
        'src/server/platform/limit.ts',
      ].sort(),
    );
  });

  it('counts the connections of an IPv6 /64 together', () => {
    const server = new EventEmitter() as EventEmitter & { headersTimeout?: number };
    limitConnections(server as never, { headersTimeoutMs: 60_000, perAddress: 3, countByAddress: true });
    const connect = (remoteAddress: string) => {
      const socket = Object.assign(new EventEmitter(), { remoteAddress, destroyed: false, destroy: () => void (socket.destroyed = true) });
      server.emit('connection', socket);
      return socket;
    };
    const sockets = oneSlash64.slice(0, 3).map(connect);
    expect(sockets.map((s) => s.destroyed)).toEqual([false, false, false]);
    expect(connect(oneSlash64[3]!).destroyed).toBe(true);
    expect(connect(otherSlash64[0]!).destroyed).toBe(false);
    // One closes: the /64 has a place again.
    sockets[0]!.emit('close');
    expect(connect(oneSlash64[4]!).destroyed).toBe(false);
  });

  it('counts a /64 together in write admission too', () => {
    const admission = createAdmission({ ...writeAdmission, perClient: { '/api/x': { perMinute: 2 } } });
    expect(admission.refusal('/api/x', oneSlash64[0]!, 0)).toBeNull();
    expect(admission.refusal('/api/x', oneSlash64[1]!, 0)).toBeNull();
    expect(admission.refusal('/api/x', oneSlash64[2]!, 0)?.status).toBe(429);
  });
});
