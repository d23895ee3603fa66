import path from 'node:path';
import { rspack } from '@rspack/core';
import { createAppConfig } from '../../rspack.config.base.ts';

export default (_env: unknown, argv: { mode?: string }) => {
  const config = createAppConfig(
    {
      name: 'shell',
      dir: import.meta.dirname,
      kind: 'host',
      runtimePlugins: [path.join(import.meta.dirname, 'src/federation/remote-fallback-plugin.ts')],
    },
    argv,
  );
  // The site's root files (favicons, logos, Open Graph image, content-backend icons and banners)
  // under their own, unhashed names. Copied assets are emitted before the precompress stage, so
  // the larger svgs get their `.gz` like the rest of the build.
  config.plugins = [
    ...(config.plugins ?? []),
    new rspack.CopyRspackPlugin({
      patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }],
    }),
  ];
  return config;
};
