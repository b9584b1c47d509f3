/**
 * Availability: the home page answers 2xx within the timeout (and how fast), http:// redirects to https://, the other
 * host name (www or apex) redirects to the site's, robots.txt does not block the site, and the sitemap answers. Every
 * request goes through the site checker's fetch, so through the address guard; a site that is down, slow, looping or
 * answering garbage is a problem, never a hang.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import robotsParser from 'robots-parser';
import { watchDefaults } from '~/config/watch';
import { checkDefaults } from '~/lib/sitecheck-rules.mjs';
import { parseSitemap } from '../../platform/sitemap.mjs';
import { follow, request } from '../sitecheck';
import { resolve } from '../sitecheck';
import type { CheckOutcome, Problem, Reach } from './types';

/** How much of any answer is read: enough for a home page, robots.txt or a sitemap. */
const maxBytes = 5 * 1024 * 1024;

export function fetchSettings(reach: Reach) {
  return {
    options: {
      ...checkDefaults,
      maxPages: 1,
      concurrency: 1,
      maxBytes,
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

export async function checkAvailability(siteUrl: string, reach: Reach): Promise<CheckOutcome> {
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
    // robots.txt must not keep search engines out of the home page.
    const robotsAnswer = await request(`${site.origin}/robots.txt`, { ...how, body: true });
    const robotsText = robotsAnswer.status === 200 && robotsAnswer.text !== null ? robotsAnswer.text : '';
    const robots = robotsParser(`${site.origin}/robots.txt`, robotsText);
    const blocked = robots.isAllowed(home, 'Googlebot') === false;
    extra.robots = { status: robotsAnswer.status, blocked };
    if (blocked)
      problems.push({
        key: 'robots-blocked',
        title: `robots.txt blocks ${site.host}`,
        detail: `${site.origin}/robots.txt disallows the home page to Googlebot: the site will drop out of search results.`,
        urgent: false,
        evidence: { robotsTxt: robotsText.slice(0, 2000) },
      });
    // The sitemap (named in robots.txt, or the usual address) must answer with a sitemap.
    const sitemapUrl = robots.getSitemaps().find((url) => resolve(url, site.origin)?.startsWith(site.origin)) ?? `${site.origin}/sitemap.xml`;
    const sitemap = await follow(sitemapUrl, { ...how, body: true });
    const read = sitemap.status === 200 && sitemap.text !== null ? parseSitemap(sitemap.text) : null;
    const sitemapOk = read !== null && (read.kind === 'urlset' || read.kind === 'sitemapindex');
    extra.sitemap = { url: sitemapUrl, status: sitemap.status, error: sitemap.error, ok: sitemapOk };
    if (!sitemapOk)
      problems.push({
        key: 'sitemap',
        title: `The sitemap of ${site.host} does not answer`,
        detail: `${sitemapUrl} answered ${sitemap.status ?? sitemap.error}${sitemap.status === 200 ? ', but it is not a sitemap' : ''}.`,
        urgent: false,
        evidence: extra.sitemap,
      });

    return {
      ok: true,
      summary: `${home} answered ${answer.status} in ${responseMs} ms${problems.length > 0 ? `; ${problems.map((p) => p.title).join('; ')}` : ''}.`,
      responseMs,
      score: null,
      evidence: { ...seen, ...extra },
      problems,
    };
  } finally {
    how.agents.http.destroy();
    how.agents.https.destroy();
  }
}
