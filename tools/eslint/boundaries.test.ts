import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import boundaries, { featureGraph, importPath } from './boundaries.js';

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

// A remote's features, on disk: the rule reads which feature imports which.
const fixture = mkdtempSync(path.join(tmpdir(), 'features-'));
const features = path.join(fixture, 'apps/demo/src/features');
const write = (file: string, code: string) => {
  mkdirSync(path.dirname(path.join(features, file)), { recursive: true });
  writeFileSync(path.join(features, file), code);
};
write('popup/popup.tsx', "import { SignIn } from '../sign-in/view.tsx';\n");
write('sign-in/view.tsx', "import type { View } from '../popup/store.ts';\n");
write('popup/store.ts', 'export type View = string;\n');
write('pages/pages.tsx', "import { Popup } from '../popup/popup.tsx';\n");
write('a/a.ts', "export { b } from '../b/b.ts';\n");
write('b/b.ts', "import '../c/c.ts';\n");
write('c/c.ts', "const load = () => import('../a/a.ts');\n");
write('shared/parts.ts', 'export const part = 1;\n');
write('restore/restore.ts', "import { part } from '../shared/parts.ts';\n");
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

tester.run('remote-features', boundaries.rules['remote-features'], {
  valid: [
    // One way only: pages compose the popup, which does not import pages.
    {
      filename: path.join(features, 'pages/pages.tsx'),
      code: "import { P } from '../popup/popup.tsx';",
    },
    {
      filename: path.join(features, 'restore/restore.ts'),
      code: "import { part } from '../shared/parts.ts';",
    },
    { filename: path.join(features, 'popup/popup.tsx'), code: "import { x } from './store.ts';" },
    // Outside a features/ directory the rule says nothing.
    {
      filename: path.join(fixture, 'apps/demo/src/api.ts'),
      code: "import { x } from './features/a/a.ts';",
    },
  ],
  invalid: [
    // The auth remote's pairs before #23: a view imported the popup's store back.
    {
      filename: path.join(features, 'sign-in/view.tsx'),
      code: "import { View } from '../popup/store.ts';",
      errors: [{ messageId: 'cycle' }],
    },
    {
      filename: path.join(features, 'popup/popup.tsx'),
      code: "import { SignIn } from '../sign-in/view.tsx';",
      errors: [{ messageId: 'cycle' }],
    },
    // Through a third feature, and by a dynamic import or a re-export.
    {
      filename: path.join(features, 'c/c.ts'),
      code: "const load = () => import('../a/a.ts');",
      errors: [{ messageId: 'cycle' }],
    },
    {
      filename: path.join(features, 'a/a.ts'),
      code: "export { b } from '../b/b.ts';",
      errors: [{ messageId: 'cycle' }],
    },
  ],
});

describe('the features of every app', () => {
  it('import each other one way only (auth had three two-way pairs)', () => {
    const apps = path.join(root, 'apps');
    const cycles: string[] = [];
    for (const app of readdirSync(apps)) {
      const dir = path.join(apps, app, 'src/features') + path.sep;
      if (!existsSync(dir)) continue;
      const graph = featureGraph(dir);
      for (const [from, edges] of graph) {
        for (const to of edges) {
          const back = importPath(graph, to, from);
          if (back) cycles.push(`${app}: ${from} → ${back.join(' → ')}`);
        }
      }
    }
    expect(cycles).toEqual([]);
  });
});
