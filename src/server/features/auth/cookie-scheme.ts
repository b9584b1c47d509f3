/**
 * One better-auth instance serves callers over HTTPS and plain HTTP alike. It is built with plain cookie names; for a
 * request that came over HTTPS its cookies are renamed `__Secure-…` and marked Secure on the way out, and read back
 * under their plain names on the way in. A request only ever presents the cookies of its own scheme, as the browser
 * would send them.
 */
import { authCookiePrefix } from './options.mjs';

const securePrefix = '__Secure-';

/** The request's headers as the instance reads them: the caller's own scheme's auth cookies, under their plain names. */
export function headersForAuth(headers: Headers, secure: boolean): Headers {
  const cookie = headers.get('cookie');
  if (!cookie) return headers;
  const kept = cookie
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const isSecure = part.startsWith(`${securePrefix}${authCookiePrefix}.`);
      const isPlain = part.startsWith(`${authCookiePrefix}.`);
      if (!isSecure && !isPlain) return [part];
      if (isSecure !== secure) return [];
      return [isSecure ? part.slice(securePrefix.length) : part];
    });
  const copy = new Headers(headers);
  if (kept.length) copy.set('cookie', kept.join('; '));
  else copy.delete('cookie');
  return copy;
}

/** The instance's Set-Cookie values as the caller must get them. */
export function cookiesForCaller(setCookies: string[], secure: boolean): string[] {
  if (!secure) return setCookies;
  return setCookies.map((value) => {
    if (!value.startsWith(`${authCookiePrefix}.`)) return value;
    // Where better-auth itself would put it: before SameSite.
    const marked = /;\s*SameSite=/i.test(value) ? value.replace(/;\s*SameSite=/i, '; Secure; SameSite=') : `${value}; Secure`;
    return `${securePrefix}${marked}`;
  });
}
