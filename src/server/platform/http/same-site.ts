/** A state-changing request another site's page made (by Sec-Fetch-Site, or an Origin naming another host). */
export function fromAnotherSite(request: Request, url: URL): boolean {
  return crossSite((name) => request.headers.get(name), url.host);
}

/** The same rule over any request's headers; `host` is the host the request was sent to. */
export function crossSite(header: (name: string) => string | null, host: string): boolean {
  if (header('sec-fetch-site') === 'cross-site') return true;
  const origin = header('origin');
  if (!origin) return false;
  return !URL.canParse(origin) || new URL(origin).host !== host;
}
