import { describe, expect, it } from 'vitest';
import {
  isSharedSingleton,
  isShellRenderer,
  SERVER_SHARED_MODULES,
  SHARED_SINGLETONS,
  SSR_SEAM_VERSION,
} from '../packages/shell-sdk/src/ssr.ts';
import { SINGLETONS, sharedConfig } from '../rspack.config.base.ts';

const SHELL_DIR = new URL('../apps/shell', import.meta.url).pathname;

describe('the shared singletons: one list for the browser, the server and the e2e', () => {
  it("is the browser builds' Module Federation share config", () => {
    expect(SINGLETONS).toBe(SHARED_SINGLETONS);
    expect(Object.keys(sharedConfig(SHELL_DIR)).sort()).toEqual([...SHARED_SINGLETONS].sort());
    for (const share of Object.values(sharedConfig(SHELL_DIR))) {
      expect(share.singleton).toBe(true);
    }
  });

  it("agrees with the server's share scope: every exact singleton is offered, and nothing else", () => {
    for (const entry of SHARED_SINGLETONS.filter((name) => !name.endsWith('/'))) {
      expect(SERVER_SHARED_MODULES, entry).toContain(entry);
    }
    // Every `…/` singleton has at least one subpath on the server (react/jsx-runtime, …).
    for (const prefix of SHARED_SINGLETONS.filter((name) => name.endsWith('/'))) {
      expect(
        SERVER_SHARED_MODULES.some((name) => name.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const name of SERVER_SHARED_MODULES) expect(isSharedSingleton(name), name).toBe(true);
    // The modules the issue found missing on the server (#23).
    expect(SERVER_SHARED_MODULES).toEqual(
      expect.arrayContaining(['@tanstack/query-core', 'jotai/utils', 'react-dom/server']),
    );
  });

  it('offers no node:* module to remote server code', () => {
    expect(SERVER_SHARED_MODULES.filter((name) => name.startsWith('node:'))).toEqual([]);
    expect(isSharedSingleton('node:fs')).toBe(false);
    expect(isSharedSingleton('fs')).toBe(false);
    expect(isSharedSingleton('react-router')).toBe(false);
    expect(isSharedSingleton('react/jsx-runtime')).toBe(true);
    expect(isSharedSingleton('reactive')).toBe(false);
  });
});

describe('isShellRenderer', () => {
  it('accepts a renderer of this seam only', () => {
    const render = async () => ({ html: '', styles: '', state: '{}' });
    expect(isShellRenderer({ seamVersion: SSR_SEAM_VERSION, render })).toBe(true);
    // A build of the old seam (no version) or another one is refused, not called.
    expect(isShellRenderer({ render })).toBe(false);
    expect(isShellRenderer({ seamVersion: SSR_SEAM_VERSION + 1, render })).toBe(false);
    expect(isShellRenderer({ seamVersion: SSR_SEAM_VERSION })).toBe(false);
    expect(isShellRenderer(null)).toBe(false);
  });
});
