import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import boundaries from './boundaries.js';

// RuleTester calls describe/it itself; vitest provides them.
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const root = path.resolve(import.meta.dirname, '../..');
const platform = (file: string) => path.join(root, 'apps/platform/src', file);

tester.run('platform-domains', boundaries.rules['platform-domains'], {
  valid: [
    { filename: platform('web/index.ts'), code: "import { x } from '../identity/index.ts';" },
    { filename: platform('identity/sign-in.ts'), code: "import { x } from './codes.ts';" },
    {
      filename: platform('modules/auth/handlers.ts'),
      code: "import { x } from '../../db/schema/index.ts';",
    },
    { filename: platform('content/auth.ts'), code: "import { x } from '../lib/input.ts';" },
    // The build-time schema aggregate re-exports each domain's tables (issue #23).
    {
      filename: platform('db/schema/index.ts'),
      code: "export * from '../../payments/schema.ts';",
    },
  ],
  invalid: [
    // A domain's tables are its own: another domain goes through its door.
    {
      filename: platform('modules/cashier/handlers.ts'),
      code: "import { payments } from '../../payments/schema.ts';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: platform('db/client.ts'),
      code: "import { x } from '../payments/service.ts';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: platform('web/index.ts'),
      code: "import { x } from '../identity/sessions.ts';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: platform('modules/account/handlers.ts'),
      code: "import { x } from '../auth/handlers.ts';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: platform('content/upload.ts'),
      code: "export { x } from '../providers/media/store.ts';",
      errors: [{ messageId: 'internals' }],
    },
  ],
});

tester.run('no-app-imports', boundaries.rules['no-app-imports'], {
  valid: [
    {
      filename: path.join(root, 'packages/ui/src/a.ts'),
      code: "import { x } from '@northstar/i18n';",
    },
  ],
  invalid: [
    {
      filename: path.join(root, 'packages/ui/src/a.ts'),
      code: "import { x } from '@northstar/shell';",
      errors: [{ messageId: 'app' }],
    },
    {
      filename: path.join(root, 'packages/ui/src/a.ts'),
      code: "import { x } from '../../../apps/casino/src/routes.tsx';",
      errors: [{ messageId: 'app' }],
    },
  ],
});
