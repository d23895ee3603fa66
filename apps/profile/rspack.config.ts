import { appConfigs } from '../../rspack.config.base.ts';

export default (env: { RSPACK_SERVE?: boolean } | undefined, argv: { mode?: string }) =>
  appConfigs(
    {
      name: 'profile',
      dir: import.meta.dirname,
      kind: 'remote',
      exposes: { './routes': './src/routes.tsx', './dialogs': './src/dialogs.tsx' },
    },
    env,
    argv,
  );
