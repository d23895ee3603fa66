// What the shell frame draws on every page (and every remote may use). Heavier parts have their
// own entries, shared the same way but downloaded only when a page needs them:
// `@northstar/ui/dialog` (DialogFrame, ConfirmDialog) and `@northstar/ui/forms` (Input, Select,
// Checkbox, Tabs). `@northstar/ui/system-page` (the frame of system and result pages) and
// `@northstar/ui/page-placeholder` (a title and a line: the icons page, a remote that could not
// load) hold no state: each app that draws one bundles it, and the first screen never
// downloads them.
export * from './theme.ts';
export * from './global-style.ts';
export * from './theme-provider.tsx';
export * from './button.tsx';
export * from './skeleton.tsx';
export * from './toast.tsx';
export * from './page.tsx';
export * from './icons.tsx';
