#!/usr/bin/env node
// `npm run deploy:caddyfile`: the production Caddyfile for this site, on standard output (or --out FILE), from the
// settings (SITE_URL: the address served and the other host name redirected to it; PORT: the app). Caddy then gets
// certificates by itself, serves HTTP/2 and HTTP/3, the built files from dist/ and the rest from the app.
//   --email ADDRESS          for the certificate authority's notices
//   --upstreams HOST:PORT,…  several app instances (default: HOST:PORT from the settings)
//   --trusted-proxies CIDR,… a CDN in front of Caddy (then set TRUST_PROXY=2)
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { recipe } from './recipe.mjs';
import { caddyfile } from '../src/server/platform/http/caddyfile.mjs';
import { requireBuild, settingsOrExit, staticSnippetPath } from './cli.mjs';

const usage = 'Usage: npm run deploy:caddyfile -- [--out FILE] [--email ADDRESS] [--upstreams HOST:PORT,…] [--trusted-proxies CIDR,…]';
let options;
try {
  ({ values: options } = parseArgs({
    options: { out: { type: 'string' }, email: { type: 'string' }, upstreams: { type: 'string' }, 'trusted-proxies': { type: 'string' } },
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}
requireBuild('dist/caddy/static.caddy');
const settings = settingsOrExit();
const site = new URL(settings.siteUrl);
if (site.protocol !== 'https:' || site.port) {
  console.error(`SITE_URL must be the site's https:// address without a port (it is ${settings.siteUrl}).`);
  process.exit(2);
}
// www.example.co.uk ↔ example.co.uk: whichever SITE_URL does not name is redirected to it.
const otherHost = site.hostname.startsWith('www.') ? site.hostname.slice(4) : `www.${site.hostname}`;
const list = (value) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean) ?? [];
const text = caddyfile({
  siteAddress: site.origin,
  redirectFrom: `https://${otherHost}`,
  staticSnippet: staticSnippetPath,
  upstreams: list(options.upstreams).length > 0 ? list(options.upstreams) : [`${settings.host}:${settings.port ?? recipe.port}`],
  email: options.email,
  trustedProxies: list(options['trusted-proxies']),
});
if (options.out) writeFileSync(options.out, text);
else process.stdout.write(text);
