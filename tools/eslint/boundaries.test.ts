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
    { filename: platform('content/auth.ts'), code: "import { x } from '../lib/input.ts';" },
    // Issue #23: a domain's tables inside the domain; the aggregate and the client see them all.
    { filename: platform('identity/players.ts'), code: "import { x } from './schema.ts';" },
    {
      filename: platform('db/schema/index.ts'),
      code: "export * from '../../identity/schema.ts';",
    },
    { filename: platform('db/client.ts'), code: "import * as schema from './schema/index.ts';" },
    // A foreign key: a schema file may reference another domain's table.
    {
      filename: platform('loyalty/schema.ts'),
      code: "import { players } from '../identity/schema.ts';",
    },
    {
      filename: platform('content/schema.ts'),
      code: "import { createdAt } from '../db/schema/columns.ts';",
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
    // Issue #23: tables are their domain's.
    {
      filename: platform('modules/account/handlers.ts'),
      code: "import { players } from '../../identity/schema.ts';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: platform('modules/auth/handlers.ts'),
      code: "import { x } from '../../db/schema/index.ts';",
      errors: [{ messageId: 'tables' }],
    },
    {
      filename: platform('identity/players.ts'),
      code: "import { currencies } from '../db/schema/index.ts';",
      errors: [{ messageId: 'tables' }],
    },
    {
      filename: platform('db/seed.ts'),
      code: "import { players } from './schema/index.ts';",
      errors: [{ messageId: 'tables' }],
    },
    {
      filename: platform('content/auth.ts'),
      code: "import { players } from '../identity/schema.ts';",
      errors: [{ messageId: 'internals' }],
    },
    // Only schema files get the foreign-key exception.
    {
      filename: platform('loyalty/accounts.ts'),
      code: "import { players } from '../identity/schema.ts';",
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
