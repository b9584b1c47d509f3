/** Who is asking: the client address (honouring TRUST_PROXY) reduced to a keyed hash, never stored in the clear. */
import { createHmac } from 'node:crypto';

export function clientAddress(forwardedFor: string | null, socketAddress: string | undefined, trustProxy: boolean | number): string {
  if (trustProxy !== false) {
    const chain = (forwardedFor ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (chain.length > 0) {
      if (trustProxy === true) return chain[0]!;
      // With N trusted proxies, the client is the N-th address from the right.
      const index = chain.length - trustProxy;
      if (index >= 0) return chain[index]!;
      return chain[0]!;
    }
  }
  return socketAddress ?? 'unknown';
}

export function hashClient(address: string, secret: string): string {
  return createHmac('sha256', secret).update(address).digest('hex');
}
