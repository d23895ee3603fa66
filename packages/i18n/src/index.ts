export * from './locales.ts';
export * from './locale-choice.ts';
export * from './setup.ts';
export * from './format.ts';
