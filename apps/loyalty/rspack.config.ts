import { createAppConfig } from '../../rspack.config.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    {
      name: 'loyalty',
      dir: import.meta.dirname,
      kind: 'remote',
      port: 4204,
      exposes: { './routes': './src/routes.tsx' },
    },
    argv,
  );
