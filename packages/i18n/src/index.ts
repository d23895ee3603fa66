export * from './locales.ts';
export * from './setup.ts';
export * from './format.ts';
