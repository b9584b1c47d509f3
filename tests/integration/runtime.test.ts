/**
 * The server runtime's life cycle in this process: a stop asked for while the runtime is still being made (a SIGTERM
 * during start-up) waits for it and then closes everything, instead of throwing and leaving the database open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shutdownKey } from '../../src/server/platform/handoff.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-runtime-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'site.db')}`;
process.env.SMTP_URL = '';

describe('runtime', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops cleanly when asked to while it is still starting', async () => {
    const { getRuntime } = await import('../../src/server/runtime');
    const starting = getRuntime();
    const stop = (globalThis as { [shutdownKey]?: () => Promise<void> })[shutdownKey];
    expect(stop).toBeTypeOf('function');
    await expect(stop!()).resolves.toBeUndefined();
    const runtime = await starting;
    // The database was closed by the stop: it takes no more queries.
    await expect(runtime.db.selectFrom('settings').select('key').execute()).rejects.toThrow();
  });
});
