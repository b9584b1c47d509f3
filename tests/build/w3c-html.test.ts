import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFiles, clientDir } from '../support/built-site';
import { vnuErrors, vnuMessages } from '../support/vnu';

/**
 * The W3C's Nu HTML Checker (vnu, the engine of validator.w3.org/nu) on every built page: no errors. It needs Java
 * (Debian: default-jre-headless); without it this test fails, it does not skip. The pages rendered on demand (the blog
 * and admin posts) are checked by tests/integration/posts.test.ts.
 */

describe('W3C HTML conformance (vnu)', () => {
  it('every built page has 0 errors', async () => {
    const files = builtFiles('.html');
    expect(files.length).toBeGreaterThanOrEqual(35);
    const messages = await vnuMessages(files);
    const errors = vnuErrors(messages).map((m) => `${path.relative(clientDir, m.url.replace(/^file:/, ''))}:${m.lastLine ?? '?'}: ${m.message}`);
    expect(errors).toEqual([]);
    // The set-aside messages are all about the inline stylesheet, never about markup.
    expect(messages.filter((m) => !m.message.startsWith('CSS:'))).toEqual([]);
  }, 180_000);
});
