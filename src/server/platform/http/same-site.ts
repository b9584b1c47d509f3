/** A state-changing request another site's page made (by Sec-Fetch-Site, or an Origin naming another host). */
export function fromAnotherSite(request: Request, url: URL): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return !URL.canParse(origin) || new URL(origin).host !== url.host;
}
