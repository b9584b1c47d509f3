/** Who is asking, as the endpoints and the auth functions need it. */
import type { APIContext } from 'astro';

/** Who is asking: the request's headers (cookies, client address from the HTTP front), and whether it came over HTTPS. */
export interface Caller {
  headers: Headers;
  address: string;
  userAgent: string | null;
  secure: boolean;
}

export function callerOf(context: Pick<APIContext, 'request' | 'url' | 'clientAddress'>): Caller {
  return {
    headers: context.request.headers,
    // Resolved by the HTTP front (TRUST_PROXY applied); better-auth reads the same value from X-Forwarded-For.
    address: context.clientAddress,
    userAgent: context.request.headers.get('user-agent'),
    secure: context.url.protocol === 'https:',
  };
}
