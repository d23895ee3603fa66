export * from './theme.ts';
export * from './global-style.ts';
export * from './theme-provider.tsx';
export * from './button.tsx';
export * from './input.tsx';
export * from './skeleton.tsx';
export * from './dialog.tsx';
export * from './page.tsx';
