import path from 'node:path';
import { rspack } from '@rspack/core';
import { appConfigs } from '../../rspack.config.base.ts';

export default (env: { RSPACK_SERVE?: boolean } | undefined, argv: { mode?: string }) =>
  appConfigs(
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
      config.plugins = [
        ...(config.plugins ?? []),
        new rspack.CopyRspackPlugin({
          patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }],
        }),
      ];
      return config;
    },
  );
