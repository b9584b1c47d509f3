import { describe, expect, it } from 'vitest';
import { hashClient } from '../../src/server/client';
import { clientAddress } from '../../src/server/http/client-address.mjs';
import { loadSettings, SettingsError } from '../../src/config/settings.mjs';

describe('client address', () => {
  const chain = '198.51.100.7, 10.0.0.2, 10.0.0.3';

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so clients cannot pick their own address', () => {
    expect(clientAddress(chain, '127.0.0.1', false)).toBe('127.0.0.1');
    expect(clientAddress(null, '::1', true)).toBe('::1');
  });

  it('uses the left-most address with TRUST_PROXY=true and counts hops from the right with a number', () => {
    expect(clientAddress(chain, '127.0.0.1', true)).toBe('198.51.100.7');
    expect(clientAddress(chain, '127.0.0.1', 1)).toBe('10.0.0.3');
    expect(clientAddress(chain, '127.0.0.1', 2)).toBe('10.0.0.2');
    expect(clientAddress(chain, '127.0.0.1', 3)).toBe('198.51.100.7');
  });

  it('reads TRUST_PROXY from the settings and refuses anything else', () => {
    expect(loadSettings({}).trustProxy).toBe(false);
    expect(loadSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadSettings({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
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
