import { createAppConfig } from '../../rspack.config.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    {
      name: 'promo',
      dir: import.meta.dirname,
      kind: 'remote',
      exposes: { './routes': './src/routes.tsx', './dialogs': './src/dialogs.tsx' },
    },
    argv,
  );
