/**
 * The analytics beacon: one page view when the page has loaded, then, each time the page is hidden, the engaged time
 * since the last report and the Core Web Vitals measured meanwhile. Nothing is stored in the browser: no cookie, no
 * storage key; the page-view id lives only in this page's memory.
 */
import { type AnalyticsEvent, analyticsEndpoint, goalPaths, type VitalMetric, type VitalRating, viewportOf } from '~/config/analytics-wire.mjs';

function send(event: AnalyticsEvent) {
  const body = JSON.stringify(event);
  // A string beacon goes as text/plain: no CORS preflight, and it survives the page being closed.
  if (!navigator.sendBeacon?.(analyticsEndpoint, body)) {
    void fetch(analyticsEndpoint, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain' } }).catch(() => {});
  }
}

export function startBeacon() {
  // Automated browsers are not visitors (the server also drops known bots by their user agent).
  if (navigator.webdriver) return;
  const id = crypto.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const p = location.pathname;
  const w = viewportOf(innerWidth);
  const query = new URLSearchParams(location.search);
  let r: string | undefined;
  try {
    const host = new URL(document.referrer).host;
    if (host !== location.host) r = host;
  } catch {
    // No referrer, or not a URL.
  }
  const utm = (name: string) => query.get(`utm_${name}`)?.slice(0, 100) || undefined;
  send({ k: 'v', id, p, w, r, us: utm('source'), um: utm('medium'), uc: utm('campaign') });

  let engaged = 0;
  let visibleSince = document.visibilityState === 'visible' ? performance.now() : -1;
  let metrics: Partial<Record<VitalMetric, [number, VitalRating]>> = {};
  const report = () => {
    if (visibleSince >= 0) engaged += performance.now() - visibleSince;
    visibleSince = -1;
    const t = Math.round(engaged);
    const m = metrics;
    engaged = 0;
    metrics = {};
    if (t > 0 || Object.keys(m).length) send({ k: 'e', id, p, w, t, m });
  };
  // On document, not window: web-vitals reports its final values from window capture listeners, which run first.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report();
    else visibleSince = performance.now();
  });
  addEventListener('pagehide', report);

  // Goals: a click on a link to another site, the checklist PDF or the free audit (window capture: before the page leaves).
  addEventListener(
    'click',
    (event) => {
      const a = (event.target as Element).closest?.('a') as HTMLAnchorElement | null;
      // Not a link without href, mailto: or tel: (no host); `x` is the link's host, kept for outbound clicks.
      if (!a?.host) return;
      const g = a.host != location.host ? 'outbound' : goalPaths[a.pathname];
      if (g) send({ k: 'g', id, p, w, g, x: a.host });
    },
    true,
  );

  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    // Each metric once per page view, as first reported (web-vitals reports LCP, CLS and INP when the page is hidden).
    const seen = new Set<string>();
    const keep = ({ name, value, rating }: { name: VitalMetric; value: number; rating: VitalRating }) => {
      if (seen.has(name)) return;
      seen.add(name);
      metrics[name] = [name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value), rating];
    };
    for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
  });
}
