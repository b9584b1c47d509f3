// @ts-check
// The Caddyfile of the production recipe, written in one place for both its uses: `npm run deploy:caddyfile` for a
// server with a domain name (automatic certificates, HTTP/2 and HTTP/3, the other host name redirected), and
// `npm run serve:proxied` on this machine (Caddy's internal CA on a loopback port). Both import the build's static
// snippet (caddy-static.mjs: Caddy serves the built files itself) and hand everything else to the app.
import { healthPath } from '../../../config/endpoints.mjs';

/**
 * How Caddy balances and checks the app's instances. A stopping instance answers its health check with 503 while it
 * drains (SHUTDOWN_DRAIN_MS), so the interval must be well under that drain; a request whose connection could not be
 * made (an instance gone) is tried on another for up to `tryDuration`. The health check's timeout is generous: a busy
 * instance that answers late is not out of service (its requests would be refused with 503). No passive health check:
 * one failed request would take the only instance out of service for its whole fail duration.
 */
export const proxyRules = { healthInterval: '1s', healthTimeout: '5s', tryDuration: '5s', tryInterval: '100ms' };

/** The drain the recipe's app instances are given (SHUTDOWN_DRAIN_MS): three health intervals. */
export const recipeDrainMs = 3000;

/**
 * The reverse_proxy block to the app's instances.
 * @param {{ upstreams: string[], trustedProxies?: string[] }} options
 */
function proxyBlock({ upstreams, trustedProxies = [] }) {
  const several = upstreams.length > 1;
  return `reverse_proxy ${upstreams.join(' ')} {
${several ? '\t\tlb_policy least_conn\n' : ''}\t\tlb_try_duration ${proxyRules.tryDuration}
		lb_try_interval ${proxyRules.tryInterval}
		health_uri ${healthPath}
		health_interval ${proxyRules.healthInterval}
		health_timeout ${proxyRules.healthTimeout}
		health_status 200
${trustedProxies.length > 0 ? `\t\ttrusted_proxies ${trustedProxies.join(' ')}\n` : ''}		header_up X-Request-Id {http.request.uuid}
	}`;
}

/**
 * A whole Caddyfile.
 * @param {object} options
 * @param {string} options.siteAddress what Caddy serves: `https://www.example.co.uk`, or `https://127.0.0.1:8443`
 * @param {string} options.staticSnippet path of the build's static snippet (dist/caddy/static.caddy)
 * @param {string[]} options.upstreams the app's instances, `127.0.0.1:8080` …
 * @param {string} [options.redirectFrom] the other host name, redirected to siteAddress (www ↔ apex)
 * @param {string} [options.email] for the certificate authority's account (expiry notices)
 * @param {string[]} [options.trustedProxies] proxies in front of Caddy (a CDN's ranges) whose X-Forwarded-For it keeps
 * @param {{ storage: string }} [options.local] this machine, for tests: Caddy's internal CA, state in `storage`
 */
export function caddyfile({ siteAddress, staticSnippet, upstreams, redirectFrom, email, trustedProxies, local }) {
  const global = local
    ? `	admin off
	storage file_system ${local.storage}
	skip_install_trust
	auto_https disable_redirects
	servers {
		protocols h1 h2
	}`
    : `${email ? `\temail ${email}\n` : ''}	servers {
		protocols h1 h2 h3
	}`;
  const redirect = redirectFrom ? `\n${redirectFrom} {\n\tredir ${siteAddress}{uri} permanent\n}\n` : '';
  return `# Written by ${local ? 'npm run serve:proxied' : 'npm run deploy:caddyfile'} (src/server/platform/http/caddyfile.mjs).
{
${global}
}
${redirect}
${siteAddress} {
${local ? '\ttls internal\n' : ''}	import ${staticSnippet}
	${proxyBlock({ upstreams, trustedProxies })}
}
`;
}
