/**
 * Form controls: a separate entry (`@northstar/ui/forms`), shared like the rest of the design
 * system but loaded only by the remotes that draw forms, so the home page does not download them.
 */
export * from './field.tsx';
export * from './input.tsx';
export * from './select.tsx';
export * from './checkbox.tsx';
export * from './tabs.tsx';
