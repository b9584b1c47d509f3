// @ts-check
// Whether an IP address is a public one, by ipaddr.js's ranges: shared by the site checker's address guard and
// IndexNow's check that the site's own address is public.
import ipaddr from 'ipaddr.js';

/**
 * The range of an IP address as ipaddr.js names it; only 'unicast' is a public address. IPv4-mapped IPv6 addresses
 * are judged as the IPv4 address they carry; 6to4, Teredo and NAT64 forms are not 'unicast', so they are refused.
 * @param {string} address
 */
export function rangeOf(address) {
  try {
    const parsed = ipaddr.process(address);
    const range = parsed.range();
    // ipaddr.js calls every IPv6 address it has no name for 'unicast', IPv4-compatible ones (::a.b.c.d, which some
    // stacks route to the IPv4 address) included; only 2000::/3 is allocated as global unicast.
    if (range === 'unicast' && parsed.kind() === 'ipv6' && !parsed.match(globalUnicast)) return 'reserved';
    return range;
  } catch {
    return 'invalid';
  }
}

const globalUnicast = ipaddr.parseCIDR('2000::/3');

/** @param {string} address */
export const isPublicAddress = (address) => rangeOf(address) === 'unicast';

/**
 * One key per client, for anything counted per client: an IPv6 client may hold a whole /64, so that is what counts as
 * one address; an IPv4-mapped IPv6 address is its IPv4 address.
 * @param {string} address
 */
export function clientKey(address) {
  try {
    const parsed = ipaddr.process(address);
    if (parsed.kind() === 'ipv6')
      return `${
        /** @type {ipaddr.IPv6} */ (parsed).parts
          .slice(0, 4)
          .map((part) => part.toString(16))
          .join(':')
      }::/64`;
    return parsed.toString();
  } catch {
    return address;
  }
}
