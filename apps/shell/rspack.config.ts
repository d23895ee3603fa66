import path from 'node:path';
import { rspack } from '@rspack/core';
import { appConfigs } from '../../rspack.config.base.ts';
import {
  BUILD_ID,
  BuildManifestPlugin,
  serviceWorkerConfig,
} from '../../tools/lib/service-worker-build.ts';

export default (env: { RSPACK_SERVE?: boolean } | undefined, argv: { mode?: string }) => {
  const configs = appConfigs(
    {
      name: 'shell',
      dir: import.meta.dirname,
      kind: 'host',
      runtimePlugins: [path.join(import.meta.dirname, 'src/federation/remote-fallback-plugin.ts')],
    },
    env,
    argv,
    (config) => {
      // The site's root files (favicons, logos, Open Graph image, content-backend icons and
      // banners) under their own, unhashed names. Copied assets are emitted before the precompress
      // stage, so the larger svgs get their `.gz` like the rest of the build.
      config.name = 'shell';
      config.plugins = [
        ...(config.plugins ?? []),
        new rspack.CopyRspackPlugin({
          patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }],
        }),
        // The build's id in the page and in `latest.json`, which open pages poll (§4).
        new rspack.DefinePlugin({ __BUILD_ID__: JSON.stringify(BUILD_ID) }),
        new BuildManifestPlugin(),
      ];
      return config;
    },
  );
  // The service worker (§4 `/sw.js`) is built after the browser build, whose files it lists.
  return Array.isArray(configs)
    ? [...configs, serviceWorkerConfig(import.meta.dirname, 'shell', argv)]
    : configs;
};
