import { isLocalPath } from './local-path.mjs';

/**
 * Where to go after signing in: the server and the sign-in form both accept only a path on this site. The value is
 * normalised first (dot segments, backslashes, as a browser would read it) and decided after: `/.//host` becomes
 * `//host`, a link to another site, so a check of the raw text alone is not enough.
 */
export function safeNext(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || /[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://local.invalid');
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== 'http://local.invalid' || !isLocalPath(path)) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
