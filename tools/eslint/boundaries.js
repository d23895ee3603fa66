// Local ESLint rules for the project's boundaries (architecture.md):
// - `platform-domains`: a platform domain imports another domain only through its `index.ts`
//   (shared kernel: db/, lib/, testing/, context.ts, config.ts). Tables too (issue #23): a
//   domain's tables (`<domain>/schema.ts` or `<domain>/schema/`) are imported only inside it, and
//   nothing but db/client.ts imports the build-time aggregate `db/schema/` (for drizzle-kit and
//   the client's typing). Two exceptions: the aggregate re-exports every domain's schema, and a
//   schema file may import another domain's schema for a foreign key (`references(() => …)`).
// - `no-app-imports`: a package never imports an app;
// - `remote-features`: inside an app, a feature (`src/features/<name>/`) may import another only
//   when that one does not import it back, directly or through others (issue #23: the features
//   of a remote are kept apart as the apps are; what two need goes to `features/shared/`).
import fs from 'node:fs';
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

const isSchemaFile = (relative) => {
  const parts = relative.split(path.sep);
  return parts.includes('schema') || parts.at(-1) === 'schema.ts';
};
/** db/schema/'s helpers every schema file may use (column builders), not tables. */
const SCHEMA_HELPERS = new Set([path.join('db', 'schema', 'columns.ts')]);
const AGGREGATE_USERS = new Set([path.join('db', 'client.ts')]);

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
      tables:
        "'{{target}}' is the build-time schema aggregate: a domain's tables are imported only " +
        "inside it; use that domain's index.ts.",
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
    return importsOf(context, (node, source) => {
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const relative = path.relative(root, target);
      if (relative.startsWith('..')) return;
      const inAggregate = (r) => r.startsWith(path.join('db', 'schema') + path.sep);
      if (inAggregate(relative) && !SCHEMA_HELPERS.has(relative)) {
        if (inAggregate(fromRelative) || AGGREGATE_USERS.has(fromRelative)) return;
        context.report({ node: node.source, messageId: 'tables', data: { target: source } });
        return;
      }
      const to = domainOf(relative);
      // The aggregate (db/schema/) and a schema file's foreign keys may reach another schema.
      if (
        to !== null &&
        isSchemaFile(relative) &&
        (inAggregate(fromRelative) || (from !== null && isSchemaFile(fromRelative)))
      ) {
        return;
      }
      if (to === null || to === from) return;
      if (relative === path.join(...to.split('/'), 'index.ts')) return;
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

/** `…/apps/<app>/src/features/` and the feature of a path under it, or null. */
function featureOf(file) {
  const match = /^(.*[\\/]apps[\\/][^\\/]+[\\/]src[\\/]features[\\/])([^\\/]+)[\\/]/.exec(file);
  return match ? { dir: match[1], feature: match[2] } : null;
}

const IMPORT_SOURCES =
  /(?:^|[\s;])(?:import|export)\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s*['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|jsx)$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)
      ? [full]
      : [];
  });
}

/** The features of a `features/` directory and which others each imports (tests left out). */
export function featureGraph(featuresDir) {
  const graph = new Map();
  for (const entry of fs.readdirSync(featuresDir, { withFileTypes: true })) {
    if (entry.isDirectory()) graph.set(entry.name, new Set());
  }
  for (const [feature, edges] of graph) {
    for (const file of sourceFiles(path.join(featuresDir, feature))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT_SOURCES)) {
        const source = match[1] ?? match[2] ?? match[3];
        const target = featureOf(path.resolve(path.dirname(file), source));
        if (target && target.dir === featuresDir && target.feature !== feature) {
          edges.add(target.feature);
        }
      }
    }
  }
  return graph;
}

/** A path of imports from `from` to `to` (both included), or null. */
export function importPath(graph, from, to) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length > 0) {
    const trail = queue.shift();
    for (const next of graph.get(trail[trail.length - 1]) ?? []) {
      if (next === to) return [...trail, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

/** One lint run reads each `features/` directory once (an editor re-reads after a second). */
const graphs = new Map();
function cachedGraph(featuresDir) {
  const cached = graphs.get(featuresDir);
  if (cached && Date.now() - cached.at < 1000) return cached.graph;
  const graph = featureGraph(featuresDir);
  graphs.set(featuresDir, { graph, at: Date.now() });
  return graph;
}

const remoteFeatures = {
  meta: {
    type: 'problem',
    messages: {
      cycle:
        'features/{{from}} imports features/{{to}}, which imports it back ({{trail}}): move what both need to features/shared/.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = featureOf(file);
    if (!here) return {};
    return importsOf(context, (node, source) => {
      if (!source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source));
      if (!target || target.dir !== here.dir || target.feature === here.feature) return;
      const back = importPath(cachedGraph(here.dir), target.feature, here.feature);
      if (!back) return;
      context.report({
        node: node.source,
        messageId: 'cycle',
        data: { from: here.feature, to: target.feature, trail: back.join(' → ') },
      });
    });
  },
};

export default {
  rules: {
    'platform-domains': platformDomains,
    'no-app-imports': noAppImports,
    'remote-features': remoteFeatures,
  },
};
