export * from './locales.ts';
export * from './setup.ts';
