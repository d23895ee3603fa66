import { ROUTE_MANIFEST, type ManifestEntry } from '@northstar/shell/route-manifest';

export { ROUTE_MANIFEST, type ManifestEntry };

/** A concrete URL for a manifest path: each `:param` gets a sample value, `*` a legacy tail. */
export function samplePath(pattern: string): string {
  return pattern
    .replace(/:slug\b/, 'about-us')
    .replace(/:([A-Za-z_]+)/g, (_, name: string) => `demo-${name.toLowerCase()}`)
    .replace(/\*$/, 'old-page');
}
