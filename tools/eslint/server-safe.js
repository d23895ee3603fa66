// `server-safe/no-browser-globals`: code that the server renders (the shell, the remotes and the
// packages they share) touches browser-only globals in effects and event handlers only, never at
// import time nor while a component renders (architecture.md "Server rendering").
//
// A use is refused when it runs at import time (a module's top level, outside any function) or
// in the body of a component or hook itself (a function named `Capitalised` or `useSomething`),
// not inside a function nested in it (an effect, a handler, a callback run later). `typeof window`
// is always allowed: it is how code asks whether it runs in a browser.

const BROWSER_GLOBALS = new Set([
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'history',
  'matchMedia',
  'requestAnimationFrame',
  'requestIdleCallback',
  'IntersectionObserver',
  'ResizeObserver',
  'MutationObserver',
]);

/** The function a node sits in (the nearest enclosing one), or null at the top level. */
function enclosingFunction(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (
      at.type === 'FunctionDeclaration' ||
      at.type === 'FunctionExpression' ||
      at.type === 'ArrowFunctionExpression'
    ) {
      return at;
    }
  }
  return null;
}

/** A component or hook: its name (declared, or of the variable it is assigned to). */
function functionName(fn) {
  if (fn.id?.name) return fn.id.name;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier')
    return parent.id.name;
  // memo(function …) / forwardRef((…) => …) assigned to a name.
  if (parent?.type === 'CallExpression') {
    const holder = parent.parent;
    if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier')
      return holder.id.name;
  }
  return null;
}

function rendersOnServer(fn) {
  const name = functionName(fn);
  return name !== null && (/^[A-Z]/.test(name) || /^use[A-Z0-9]/.test(name));
}

/** Code that runs only when evaluated lazily at import time: `import.meta`, class bodies… */
function isTypeofOperand(node) {
  return node.parent?.type === 'UnaryExpression' && node.parent.operator === 'typeof';
}

const noBrowserGlobals = {
  meta: {
    type: 'problem',
    messages: {
      importTime:
        "'{{name}}' at import time: the server render imports this module. Read it in a function run in the browser (an effect or a handler).",
      render:
        "'{{name}}' while {{fn}} renders: the server renders it too. Read it in an effect or a handler.",
    },
    schema: [],
  },
  create(context) {
    return {
      Identifier(node) {
        if (!BROWSER_GLOBALS.has(node.name)) return;
        // Only references to the global itself (not `x.window`, `{ window: … }`, declarations).
        const scope = context.sourceCode.getScope(node);
        let reference = null;
        for (let s = scope; s && !reference; s = s.upper) {
          reference = s.references.find((r) => r.identifier === node) ?? null;
        }
        if (!reference || (reference.resolved && reference.resolved.defs.length > 0)) return;
        if (isTypeofOperand(node)) return;
        const fn = enclosingFunction(node);
        if (fn === null) {
          context.report({ node, messageId: 'importTime', data: { name: node.name } });
        } else if (rendersOnServer(fn)) {
          context.report({
            node,
            messageId: 'render',
            data: { name: node.name, fn: functionName(fn) },
          });
        }
      },
    };
  },
};

export default { rules: { 'no-browser-globals': noBrowserGlobals } };
