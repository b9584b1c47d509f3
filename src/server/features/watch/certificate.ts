/**
 * The HTTPS certificate: the days it has left (a warning at 14, an urgent alert at 3), the host names it is for, and
 * whether a browser trusts it. The connection goes through the address guard like every other check.
 */
import { isIP } from 'node:net';
import tls from 'node:tls';
import { watchThresholds } from '~/config/watch';
import { plural } from '~/lib/plural.mjs';
import { dayMs } from '~/lib/days.mjs';
import { guardFor, networkReason } from '../sitecheck';
import type { CheckOutcome, Problem, Reach } from './types';

interface PeerCertificate {
  validFrom: number;
  validTo: number;
  names: string[];
  issuer: string;
  authorized: boolean;
  authorizationError: string | null;
  identityError: string | null;
}

function readCertificate(url: URL, reach: Reach): Promise<PeerCertificate> {
  return new Promise((resolvePromise, reject) => {
    const lookup = guardFor(url, reach.addressPolicy);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      ...(isIP(host) === 0 && { servername: host }),
      rejectUnauthorized: false,
      ...(reach.extraCa && { ca: [...tls.rootCertificates, reach.extraCa] }),
      ...(lookup && { lookup: lookup as unknown as typeof import('node:dns').lookup }),
      timeout: reach.timeoutMs,
    });
    socket.once('timeout', () => socket.destroy(Object.assign(new Error(`no answer within ${reach.timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })));
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      if (!cert || !cert.valid_to) return reject(new Error('the server sent no certificate'));
      const names = (cert.subjectaltname ?? '')
        .split(',')
        .map((part) => part.trim().replace(/^(DNS|IP Address):/, ''))
        .filter(Boolean);
      const identity = tls.checkServerIdentity(host, cert);
      resolvePromise({
        validFrom: Date.parse(cert.valid_from),
        validTo: Date.parse(cert.valid_to),
        names,
        issuer: [cert.issuer?.O ?? cert.issuer?.CN ?? ''].flat().join(', '),
        authorized: socket.authorized,
        authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
        identityError: identity ? identity.message : null,
      });
    });
  });
}

/** Authorisation errors that are the expiry or the name, each told on its own. */
const toldApart = new Set(['CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"]);

export async function checkCertificate(siteUrl: string, reach: Reach, now = Date.now()): Promise<CheckOutcome> {
  const url = new URL(siteUrl);
  if (url.protocol !== 'https:') {
    const detail = `${url.origin} is served over plain http: browsers mark it "Not secure" and search engines prefer https.`;
    return {
      ok: true,
      summary: detail,
      responseMs: null,
      score: null,
      evidence: { https: false },
      problems: [{ key: 'not-https', title: `${url.host} has no HTTPS`, detail, urgent: false, evidence: { https: false } }],
    };
  }
  let cert: PeerCertificate;
  try {
    cert = await readCertificate(url, reach);
  } catch (error) {
    // Not reachable: the availability check says so; the certificate's alerts stay as they were.
    // In words, as the crawl says it ("the host name does not resolve"), not Node's code (getaddrinfo ENOTFOUND).
    const reason = networkReason(error, reach.timeoutMs);
    return {
      ok: false,
      summary: `The certificate could not be read: ${reason}.`,
      responseMs: null,
      score: null,
      evidence: { error: reason },
      problems: [],
      inconclusive: true,
    };
  }
  const daysLeft = Math.floor((cert.validTo - now) / dayMs);
  const evidence = { ...cert, daysLeft, validToIso: new Date(cert.validTo).toISOString() };
  const problems: Problem[] = [];
  if (daysLeft <= watchThresholds.certificateWarnDays) {
    const expired = cert.validTo <= now;
    const detail = expired
      ? `The certificate of ${url.host} expired on ${new Date(cert.validTo).toUTCString()}: browsers refuse the site.`
      : `The certificate of ${url.host} expires in ${plural(Math.max(0, daysLeft), 'day')} (${new Date(cert.validTo).toUTCString()}). Renew it before then.`;
    problems.push({
      key: 'certificate-expiry',
      title: expired ? `The certificate of ${url.host} has expired` : `The certificate of ${url.host} expires in ${plural(Math.max(0, daysLeft), 'day')}`,
      detail,
      urgent: expired || daysLeft <= watchThresholds.certificateUrgentDays,
      evidence,
    });
  }
  if (cert.identityError)
    problems.push({
      key: 'certificate-name',
      title: `The certificate does not cover ${url.hostname}`,
      detail: `It is for ${cert.names.join(', ') || 'no host name'}: ${cert.identityError}.`,
      urgent: true,
      evidence,
    });
  if (!cert.authorized && cert.authorizationError && !toldApart.has(cert.authorizationError))
    problems.push({
      key: 'certificate-untrusted',
      title: `Browsers do not trust the certificate of ${url.host}`,
      detail: `The certificate chain does not verify (${cert.authorizationError}).`,
      urgent: true,
      evidence,
    });
  return {
    ok: problems.length === 0,
    summary: `Certificate for ${cert.names.join(', ')}, ${daysLeft < 0 ? 'expired' : `${plural(daysLeft, 'day')} left`}.`,
    responseMs: null,
    score: null,
    evidence,
    problems,
  };
}
