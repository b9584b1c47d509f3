/**
 * The account a pending two-factor sign-in belongs to, in a signed cookie of our own, so code failures count against
 * that account too.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../api/caller';

const pendingMaxAgeSeconds = 600;

export function pendingSignIn(secret: string) {
  const cookieName = (caller: Caller) => (caller.secure ? '__Secure-hale-admin.pending' : 'hale-admin.pending');
  const sign = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  return {
    /** The cookie that holds the account until the code is given; with no account, the cookie that ends it. */
    cookie(caller: Caller, account: string | null): string {
      const attributes = `Path=/; HttpOnly; SameSite=Lax${caller.secure ? '; Secure' : ''}`;
      if (!account) return `${cookieName(caller)}=; Max-Age=0; ${attributes}`;
      const value = `${account}.${Date.now() + pendingMaxAgeSeconds * 1000}`;
      return `${cookieName(caller)}=${value}.${sign(value)}; Max-Age=${pendingMaxAgeSeconds}; ${attributes}`;
    },
    /** The account of the caller's pending sign-in, when its cookie is signed and not expired. */
    account(caller: Caller): string | null {
      const cookies = caller.headers.get('cookie') ?? '';
      const match = cookies.match(new RegExp(`(?:^|;\\s*)${cookieName(caller).replace(/[.$]/g, '\\$&')}=([^;]+)`));
      if (!match) return null;
      const [account, expires, signature] = match[1]!.split('.');
      if (!account || !expires || !signature) return null;
      const expected = Buffer.from(sign(`${account}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return Number(expires) > Date.now() ? account : null;
    },
  };
}
