import { appConfigs } from '../../rspack.config.base.ts';

export default (env: { RSPACK_SERVE?: boolean } | undefined, argv: { mode?: string }) =>
  appConfigs(
    {
      name: 'casino',
      dir: import.meta.dirname,
      kind: 'remote',
      exposes: { './routes': './src/routes.tsx', './sections': './src/sections.tsx' },
    },
    env,
    argv,
  );
