import path from 'node:path';
import { createAppConfig } from '../../rspack.config.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    {
      name: 'shell',
      dir: import.meta.dirname,
      kind: 'host',
      runtimePlugins: [path.join(import.meta.dirname, 'src/federation/remote-fallback-plugin.ts')],
    },
    argv,
  );
