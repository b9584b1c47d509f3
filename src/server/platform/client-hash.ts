/**
 * Who is asking, as the limits in the database count it: the client address (resolved by the HTTP front) reduced to a
 * keyed hash, never stored in the clear. The one way a limit derives its key from an address: the address is first
 * taken to its client (`clientKey`: an IPv6 client by its /64, which one household or server holds whole), so every
 * limit counts the addresses of one /64 together.
 */
import { createHmac } from 'node:crypto';
import { clientKey } from './address-range.mjs';

/** The key of a client address in every limit: its /64 for IPv6 (its IPv4 address when mapped), hashed with the secret. */
export function hashClient(address: string, secret: string): string {
  return keyedHash(clientKey(address), secret);
}

/** A keyed hash of something that is not an address (an account, an e-mail address, a code): stored in its stead. */
export function keyedHash(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}
