import { describe, expect, it } from 'vitest';
import { cookiesForCaller, headersForAuth } from '~/server/features/auth/cookie-scheme';
import { authCookiePrefix } from '~/server/features/auth/options.mjs';

const session = `${authCookiePrefix}.session_token`;

describe('one better-auth instance for HTTPS and plain callers', () => {
  it('reads only the cookies of the caller’s own scheme, under their plain names', () => {
    const headers = new Headers({ cookie: `theme=dark; __Secure-${session}=secure-value; ${session}=plain-value` });
    expect(headersForAuth(headers, true).get('cookie')).toBe(`theme=dark; ${session}=secure-value`);
    expect(headersForAuth(headers, false).get('cookie')).toBe(`theme=dark; ${session}=plain-value`);
    expect(headersForAuth(new Headers({ cookie: `__Secure-${session}=x` }), false).get('cookie')).toBeNull();
  });

  it('gives an HTTPS caller __Secure- prefixed, Secure cookies and a plain caller the cookies as built', () => {
    const built = [`${session}=abc; Max-Age=7200; Path=/; HttpOnly; SameSite=Lax`, 'other=1; Path=/'];
    expect(cookiesForCaller(built, true)).toEqual([`__Secure-${session}=abc; Max-Age=7200; Path=/; HttpOnly; Secure; SameSite=Lax`, 'other=1; Path=/']);
    expect(cookiesForCaller(built, false)).toEqual(built);
  });
});
