// @ts-check
// Which addresses the site checker may connect to. Checks run on the server, so a site being checked (or whoever
// types an address) must not be able to point them at the server's own network: loopback, private, link-local (cloud
// metadata lives at 169.254.169.254), CGNAT, multicast, unspecified and reserved addresses are refused. The decision is
// made on the address actually connected to: a host name is resolved, every address it gives is checked, and the
// connection is made to a checked one (no second lookup that a rebinding DNS server could answer differently).
// Allowed all the same: host:port pairs the owner lists (the site's own address, SITE_CHECK_ALLOW_HOSTS).
import dns from 'node:dns';
import net from 'node:net';
import { isPublicAddress, rangeOf } from '../../platform/address-range.mjs';

/**
 * @typedef {object} AddressPolicy
 * @property {boolean} allowPrivate every address may be checked (the owner's own command line)
 * @property {string[]} allowHosts lowercase `host:port` pairs checked whatever they resolve to, e.g. `127.0.0.1:8081`
 */

/** What a server-side check may fetch unless told otherwise: public addresses only. */
export const publicOnly = /** @type {AddressPolicy} */ ({ allowPrivate: false, allowHosts: [] });
/** The owner's own machine: anything. */
export const anyAddress = /** @type {AddressPolicy} */ ({ allowPrivate: true, allowHosts: [] });

/** Plain words for ipaddr.js's ranges. */
const rangeNames = /** @type {Record<string, string>} */ ({
  loopback: 'loopback',
  private: 'private network',
  uniqueLocal: 'private network',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
});

/** A refusal: the message is what the owner (or a visitor) reads. */
export class RefusedAddress extends Error {
  /** @param {string} host @param {string} address @param {string} range */
  constructor(host, address, range) {
    super(`${host} resolves to a private address (${address}, ${rangeNames[range] ?? 'reserved'}); not checked`);
    this.name = 'RefusedAddress';
    this.code = 'EREFUSEDADDRESS';
  }
}

/** `host:port` of a URL, with the scheme's default port, as SITE_CHECK_ALLOW_HOSTS lists it. @param {URL} url */
export function hostPort(url) {
  return `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * Names under `.localhost` are the loopback address whatever DNS says (RFC 6761, as browsers and curl resolve them):
 * refused like any loopback address, and reachable where allowed (tests watch www.localhost and its apex).
 * @param {string} hostname
 */
const isLocalhostName = (hostname) => hostname.toLowerCase().endsWith('.localhost');

/** @type {(hostname: string, options: object, callback: Function) => void} */
function loopbackLookup(_hostname, options, callback) {
  if (/** @type {{ all?: boolean }} */ (options).all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return callback(null, '127.0.0.1', 4);
}

/**
 * How a connection to `url` is to be made under `policy`: null when anything goes (an allowed host, or the command
 * line), otherwise a lookup that resolves and vets, after a check of an address written in the URL itself.
 * Throws RefusedAddress for an IP literal that is not public.
 * @param {URL} url @param {AddressPolicy} policy
 * @param {typeof dns.lookup} [resolve] tests pass their own resolver
 * @returns {null | ((hostname: string, options: object, callback: Function) => void)}
 */
export function guardFor(url, policy, resolve = dns.lookup) {
  if (policy.allowPrivate || policy.allowHosts.includes(hostPort(url))) return isLocalhostName(url.hostname) ? loopbackLookup : null;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal)) {
    const range = rangeOf(literal);
    if (range !== 'unicast') throw new RefusedAddress(url.hostname, literal, range);
    return null;
  }
  return (hostname, options, callback) => {
    const lookup = isLocalhostName(hostname) ? /** @type {typeof dns.lookup} */ (/** @type {unknown} */ (loopbackLookup)) : resolve;
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = /** @type {dns.LookupAddress[]} */ (addresses);
      const usable = list.filter((entry) => isPublicAddress(entry.address));
      if (usable.length === 0) {
        const first = list[0];
        return callback(
          first ? new RefusedAddress(hostname, first.address, rangeOf(first.address)) : Object.assign(new Error('no address'), { code: 'ENOTFOUND' }),
        );
      }
      // Only vetted addresses are handed back: the connection goes to one of these.
      if (/** @type {{ all?: boolean }} */ (options).all) return callback(null, usable);
      return callback(null, usable[0]?.address, usable[0]?.family);
    });
  };
}
