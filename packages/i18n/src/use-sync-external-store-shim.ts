/**
 * `use-sync-external-store/shim` for the app builds (rspack.config.base.ts aliases it here).
 * The shim back-ports `useSyncExternalStore` to React 17; every app runs React 19, which has it, so
 * the hook is React's own and the back-port (about 0.4 KB gzip on every page) is not shipped.
 * `@lingui/react` is the package that imports the shim.
 */
export { useSyncExternalStore } from 'react';
