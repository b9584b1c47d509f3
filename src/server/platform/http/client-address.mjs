// @ts-check
// Who is asking: the one client-address rule for every limit. X-Forwarded-For is believed only as far as TRUST_PROXY
// says; otherwise anyone could pick their own address and escape a rate limit. Proxies append the address they saw, so
// everything left of the trusted hops is the client's own choice: with N proxies the client is the N-th from the right
// (as Express and Fastify read it), never the left-most.

/**
 * @param {string | string[] | null | undefined} forwardedFor the X-Forwarded-For header(s)
 * @param {string | undefined} socketAddress
 * @param {number} trustProxy 0: the socket is the client; N: N trusted proxies, so the client is the N-th address
 *   from the right
 * @returns {string}
 */
export function clientAddress(forwardedFor, socketAddress, trustProxy) {
  if (trustProxy > 0 && forwardedFor) {
    const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (chain.length > 0) {
      const index = chain.length - trustProxy;
      return /** @type {string} */ (chain[Math.max(index, 0)]);
    }
  }
  return socketAddress ?? 'unknown';
}
