/** Who is asking: the client address (resolved by the HTTP front) reduced to a keyed hash, never stored in the clear. */
import { createHmac } from 'node:crypto';

export function hashClient(address: string, secret: string): string {
  return createHmac('sha256', secret).update(address).digest('hex');
}
