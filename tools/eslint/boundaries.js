// Local ESLint rules for the project's boundaries (architecture.md):
// - `platform-domains`: a platform domain imports another domain only through its `index.ts`
//   (shared kernel: db/, lib/, testing/, context.ts, config.ts);
// - `no-app-imports`: a package never imports an app.
import path from 'node:path';

const SHARED = new Set(['db', 'lib', 'testing']);

/** The domain a file under apps/platform/src belongs to, or null for the shared kernel. */
function domainOf(relative) {
  const parts = relative.split(path.sep);
  if (parts.length === 1 || SHARED.has(parts[0])) return null;
  if (parts[0] === 'modules' || parts[0] === 'providers') {
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : null;
  }
  return parts[0];
}

function importsOf(context, check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const platformDomains = {
  meta: {
    type: 'problem',
    messages: {
      internals:
        "'{{target}}' is inside the {{domain}} domain: import it through {{domain}}/index.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const marker = `${path.sep}apps${path.sep}platform${path.sep}src${path.sep}`;
    const at = file.indexOf(marker);
    if (at < 0) return {};
    const root = file.slice(0, at + marker.length);
    const fromRelative = path.relative(root, file);
    const from = domainOf(fromRelative);
    // The build-time schema aggregate (drizzle-kit, the database's typing) re-exports each
    // domain's tables: it alone may import a domain's `schema.ts` (issue #23).
    const isSchemaAggregate = fromRelative === path.join('db', 'schema', 'index.ts');
    return importsOf(context, (node, source) => {
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const relative = path.relative(root, target);
      if (relative.startsWith('..')) return;
      const to = domainOf(relative);
      if (to === null || to === from) return;
      if (relative === path.join(...to.split('/'), 'index.ts')) return;
      if (
        isSchemaAggregate &&
        (relative === path.join(to, 'schema.ts') ||
          relative === path.join(to, 'schema', 'index.ts'))
      )
        return;
      context.report({
        node: node.source,
        messageId: 'internals',
        data: { target: source, domain: to },
      });
    });
  },
};

const noAppImports = {
  meta: {
    type: 'problem',
    messages: { app: "A package never imports an app ('{{target}}'): move the code to a package." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const marker = `${path.sep}packages${path.sep}`;
    const at = file.lastIndexOf(marker);
    if (at < 0) return {};
    const workspace = file.slice(0, at);
    const apps = path.join(workspace, 'apps') + path.sep;
    const APP_PACKAGES =
      /^@northstar\/(platform|shell|casino|betting|cashier|loyalty|profile|auth|promo)(\/|$)/;
    return importsOf(context, (node, source) => {
      const resolved = source.startsWith('.') ? path.resolve(path.dirname(file), source) : null;
      if (APP_PACKAGES.test(source) || (resolved && resolved.startsWith(apps))) {
        context.report({ node: node.source, messageId: 'app', data: { target: source } });
      }
    });
  },
};

export default { rules: { 'platform-domains': platformDomains, 'no-app-imports': noAppImports } };
