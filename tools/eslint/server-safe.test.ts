import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import globals from 'globals';
import serverSafe from './server-safe.js';

// RuleTester calls describe/it itself; vitest provides them.
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2024,
    sourceType: 'module',
    globals: globals.browser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-browser-globals', serverSafe.rules['no-browser-globals'], {
  valid: [
    // In an effect, a handler, a callback: run in the browser only.
    'function Page() { useEffect(() => { document.title = "x"; }, []); return null; }',
    'function Page() { return <button onClick={() => window.scrollTo(0, 0)} />; }',
    'function useWidth() { return useSyncExternalStore(() => () => {}, () => window.innerWidth, () => 0); }',
    // A plain function, called from effects.
    'export function hasHint() { return document.cookie.includes("x=1"); }',
    // Asking whether this is a browser.
    'const inBrowser = typeof window !== "undefined";',
    // A local of the same name, a property of that name.
    'function Page({ location }) { return location.pathname; }',
    'const x = props.window;',
  ],
  invalid: [
    {
      code: 'const width = window.innerWidth;',
      errors: [{ messageId: 'importTime' }],
    },
    {
      code: 'localStorage.setItem("a", "b");',
      errors: [{ messageId: 'importTime' }],
    },
    {
      code: 'function Page() { const title = document.title; return title; }',
      errors: [{ messageId: 'render' }],
    },
    {
      code: 'const Banner = () => <p>{navigator.language}</p>;',
      errors: [{ messageId: 'render' }],
    },
    {
      code: 'function useSaved() { return sessionStorage.getItem("k"); }',
      errors: [{ messageId: 'render' }],
    },
    {
      code: 'const Row = memo(function Row() { return location.href; });',
      errors: [{ messageId: 'render' }],
    },
  ],
});
