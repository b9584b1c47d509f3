// Who is asking: the one client-address rule for every limit (contact form now, sign-in next). X-Forwarded-For is
// believed only as far as TRUST_PROXY says; otherwise anyone could pick their own address and escape a rate limit.

/**
 * @param {string | string[] | null | undefined} forwardedFor the X-Forwarded-For header(s)
 * @param {string | undefined} socketAddress
 * @param {boolean | number} trustProxy false: the socket is the client; true: the left-most forwarded address;
 *   N: N trusted proxies, so the client is the N-th address from the right
 * @returns {string}
 */
export function clientAddress(forwardedFor, socketAddress, trustProxy) {
  if (trustProxy !== false && forwardedFor) {
    const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (chain.length > 0) {
      if (trustProxy === true) return /** @type {string} */ (chain[0]);
      const index = chain.length - trustProxy;
      return /** @type {string} */ (chain[Math.max(index, 0)]);
    }
  }
  return socketAddress ?? 'unknown';
}
