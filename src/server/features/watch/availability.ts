/**
 * Availability: the home page answers 2xx within the timeout (and how fast), http:// redirects to https://, the other
 * host name (www or apex) redirects to the site's, robots.txt does not block the site, and the sitemap answers. Every
 * request goes through the site checker's fetch, so through the address guard; a site that is down, slow, looping or
 * answering garbage is a problem, never a hang.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { watchDefaults } from '~/config/watch';
import { checkDefaults } from '~/lib/sitecheck-rules.mjs';
import { ChildJobFailure, follow, request, resolve, siteFilesOffLoop } from '../sitecheck';
import type { CheckOutcome, Problem, Reach } from './types';

export function fetchSettings(reach: Reach) {
  return {
    options: {
      ...checkDefaults,
      maxPages: 1,
      concurrency: 1,
      timeoutMs: reach.timeoutMs,
      userAgent: reach.userAgent,
      addressPolicy: reach.addressPolicy,
    },
    signal: new AbortController().signal,
    agents: { http: new http.Agent(), https: new https.Agent() },
  };
}

/** A host name that has a www / apex twin worth asking (not an IP address, not localhost). */
function twinHost(hostname: string): string | null {
  if (isIP(hostname.replace(/^\[|\]$/g, '')) !== 0 || !hostname.includes('.') || hostname === 'localhost') return null;
  return hostname.startsWith('www.') ? hostname.slice(4) : `www.${hostname}`;
}

/** `signal` (shutdown) ends the reading of robots.txt and the sitemap. */
export async function checkAvailability(siteUrl: string, reach: Reach, signal?: AbortSignal): Promise<CheckOutcome> {
  const how = fetchSettings(reach);
  const site = new URL(siteUrl);
  const home = `${site.origin}/`;
  try {
    const started = performance.now();
    const answer = await follow(home, { ...how, body: true });
    const responseMs = Math.round(performance.now() - started);
    const seen = { url: home, status: answer.status, responseMs, redirects: answer.chain, finalUrl: answer.finalUrl, error: answer.error };
    const down = answer.error
      ? `${site.host} does not answer: ${answer.error}.`
      : answer.loop
        ? `${home} redirects in a loop (${answer.chain.map((hop) => hop.status).join(' → ')}).`
        : answer.status === null || answer.status < 200 || answer.status > 299
          ? `${home} answers ${answer.status}.`
          : null;
    if (down) {
      return {
        ok: false,
        summary: down,
        responseMs: answer.error ? null : responseMs,
        score: null,
        evidence: seen,
        problems: [{ key: 'down', title: `${site.host} is down`, detail: down, urgent: true, evidence: seen }],
      };
    }
    const problems: Problem[] = [];
    if (responseMs > watchDefaults.slowMs)
      problems.push({
        key: 'slow',
        title: `${site.host} is slow`,
        detail: `The home page took ${(responseMs / 1000).toFixed(1)} s to answer (more than ${watchDefaults.slowMs / 1000} s).`,
        urgent: false,
        evidence: seen,
      });

    const extra: Record<string, unknown> = {};
    // http:// must send visitors to https:// (only asked of a site on the usual port, where visitors type it: then
    // the plain address is on the usual http port).
    const usualPort = site.port === '' || site.port === String(reach.ports?.https);
    if (site.protocol === 'https:' && usualPort && twinHost(site.hostname) !== null) {
      const plainUrl = `http://${site.hostname}${reach.ports ? `:${reach.ports.http}` : ''}/`;
      const plain = await request(plainUrl, { ...how, body: false });
      const to = plain.location ? resolve(plain.location, plainUrl) : null;
      extra.httpToHttps = { url: plainUrl, status: plain.status, location: to, error: plain.error };
      if (!(plain.status !== null && plain.status >= 300 && plain.status < 400 && to?.startsWith('https://')))
        problems.push({
          key: 'https-redirect',
          title: `http://${site.hostname} does not redirect to https`,
          detail: `${plainUrl} answered ${plain.status ?? plain.error}${to ? ` (to ${to})` : ''}; it should redirect to https://${site.host}/.`,
          urgent: false,
          evidence: extra.httpToHttps,
        });
    }
    // The other host name (www or apex), when it exists at all, must redirect to this one.
    const twin = twinHost(site.hostname);
    if (twin) {
      const otherUrl = `${site.protocol}//${twin}${site.port ? `:${site.port}` : ''}/`;
      const other = await request(otherUrl, { ...how, body: false });
      const to = other.location ? resolve(other.location, otherUrl) : null;
      extra.otherHost = { host: twin, status: other.status, location: to, error: other.error };
      const resolves = other.error !== 'the host name does not resolve';
      if (resolves && !(other.status !== null && other.status >= 300 && other.status < 400 && to !== null && new URL(to).host === site.host))
        problems.push({
          key: 'host-redirect',
          title: `${twin} does not redirect to ${site.host}`,
          detail: `${twin} answered ${other.status ?? other.error}${to ? ` (to ${to})` : ''}; it should redirect to ${site.host}, so search engines see one site.`,
          urgent: false,
          evidence: extra.otherHost,
        });
    }
    // robots.txt must not keep search engines out of the home page, and the sitemap (named in robots.txt, or the usual
    // address) must answer with a sitemap: both read by the site checker's reader, with its budgets, in its process.
    const files = await siteFilesOffLoop(reach.checkProcess, site.origin, how.options, { deadlineMs: reach.timeoutMs * 4, signal }).catch((error: unknown) => {
      // The home page's verdict stands; what could not be read is said, and raises nothing.
      if (error instanceof ChildJobFailure) return error;
      throw error;
    });
    if (files instanceof ChildJobFailure) {
      extra.siteFiles = { error: `robots.txt and the sitemap were not read: ${files.message}.` };
      return availableOutcome(home, answer.status, responseMs, problems, { ...seen, ...extra });
    }
    extra.robots = { status: files.robots.status, blocked: files.robots.blockedHome, truncated: files.robots.truncated };
    if (files.robots.blockedHome)
      problems.push({
        key: 'robots-blocked',
        title: `robots.txt blocks ${site.host}`,
        detail: `${site.origin}/robots.txt disallows the home page to Googlebot: the site will drop out of search results.`,
        urgent: false,
        evidence: { robotsTxt: files.robots.excerpt },
      });
    const { sitemap } = files;
    // Larger than the checker reads is still an answer (the crawl reports its size).
    const sitemapOk = sitemap.status === 200 && (sitemap.kind !== null || sitemap.tooLarge);
    extra.sitemap = { url: sitemap.url, status: sitemap.status, error: sitemap.error, ok: sitemapOk, ...(sitemap.tooLarge && { tooLarge: true }) };
    if (!sitemapOk)
      problems.push({
        key: 'sitemap',
        title: `The sitemap of ${site.host} does not answer`,
        detail: `${sitemap.url} answered ${sitemap.status ?? sitemap.error}${sitemap.status === 200 ? ', but it is not a sitemap' : ''}.`,
        urgent: false,
        evidence: extra.sitemap,
      });

    return availableOutcome(home, answer.status, responseMs, problems, { ...seen, ...extra });
  } finally {
    how.agents.http.destroy();
    how.agents.https.destroy();
  }
}

function availableOutcome(home: string, status: number | null, responseMs: number, problems: Problem[], evidence: unknown): CheckOutcome {
  return {
    ok: true,
    summary: `${home} answered ${status} in ${responseMs} ms${problems.length > 0 ? `; ${problems.map((p) => p.title).join('; ')}` : ''}.`,
    responseMs,
    score: null,
    evidence,
    problems,
  };
}
