import { describe, expect, it } from 'vitest';
import { hashClient } from '../../src/server/platform/client-hash';
import { clientAddress } from '../../src/server/platform/http/client-address.mjs';
import { loadSettings, SettingsError } from '../../src/config/settings.mjs';

describe('client address', () => {
  const chain = '198.51.100.7, 10.0.0.2, 10.0.0.3';

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so clients cannot pick their own address', () => {
    expect(clientAddress(chain, '127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddress(null, '::1', 1)).toBe('::1');
  });

  it('counts trusted hops from the right: the left-most entry is whatever the client sent', () => {
    // TRUST_PROXY=true is one proxy: the address that proxy appended, not the client's own left-most choice.
    expect(clientAddress(chain, '127.0.0.1', loadSettings({ TRUST_PROXY: 'true' }).trustProxy)).toBe('10.0.0.3');
    expect(clientAddress('6.6.6.6, 203.0.113.9', '127.0.0.1', loadSettings({ TRUST_PROXY: 'true' }).trustProxy)).toBe('203.0.113.9');
    expect(clientAddress(chain, '127.0.0.1', 1)).toBe('10.0.0.3');
    expect(clientAddress(chain, '127.0.0.1', 2)).toBe('10.0.0.2');
    expect(clientAddress(chain, '127.0.0.1', 3)).toBe('198.51.100.7');
  });

  it('reads TRUST_PROXY from the settings and refuses anything else', () => {
    expect(loadSettings({}).trustProxy).toBe(0);
    expect(loadSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadSettings({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadSettings({ TRUST_PROXY: 'maybe' })).toThrow(SettingsError);
  });

  it('hashes addresses with a secret: stable, and not the address itself', () => {
    const a = hashClient('198.51.100.7', 'secret-one');
    expect(a).toBe(hashClient('198.51.100.7', 'secret-one'));
    expect(a).not.toBe(hashClient('198.51.100.7', 'secret-two'));
    expect(a).not.toContain('198.51');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});
