import type { AddressInfo } from 'node:net';
import type { PlatformConfig } from '../config.ts';

/**
 * The origin the site names itself by in what it writes for others to follow: the canonical link,
 * `og:url` (and relative `og:image`), and `/robots.txt`'s `Sitemap:` lines. A request's Host header
 * is the caller's to choose, so it is never taken as it comes (a forged one would put another
 * site in the page's canonical URL, and in any cache that keeps the answer):
 *
 * 1. `PUBLIC_URL` when set: always that origin, whatever the Host;
 * 2. else the Host when it is one of `SITE_HOSTS` (a site answering on several domains), with
 *    the request's protocol (the socket's, or `X-Forwarded-Proto` from a trusted proxy only);
 * 3. else the address the server listens on, `localhost` for a wildcard address
 *    (`http://localhost:3000`): right on a developer's machine, and harmless elsewhere.
 *
 * `host` is the host the per-host SEO settings (`domain-seo-settings`) are looked up by.
 */
export interface SiteOrigin {
  origin: string;
  /** Lower case, with the port when the origin has one. */
  host: string;
}

export function siteOrigin(
  config: Pick<PlatformConfig, 'publicUrl' | 'siteHosts'>,
  request: { protocol: string; host: string },
  listening: AddressInfo | string | null,
): SiteOrigin {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { origin: url.origin, host: url.host };
  }
  const host = request.host.toLowerCase();
  if (config.siteHosts?.includes(host)) {
    const protocol = request.protocol === 'https' ? 'https' : 'http';
    return { origin: `${protocol}://${host}`, host };
  }
  return listeningOrigin(listening);
}

function listeningOrigin(address: AddressInfo | string | null): SiteOrigin {
  if (address === null || typeof address === 'string') {
    return { origin: 'http://localhost', host: 'localhost' };
  }
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const name = wildcard
    ? 'localhost'
    : address.family === 'IPv6' || address.address.includes(':')
      ? `[${address.address}]`
      : address.address;
  const host = address.port === 80 ? name : `${name}:${address.port}`;
  return { origin: `http://${host}`, host };
}
