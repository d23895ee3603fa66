export * from './catalogue.ts';
export * from './api-error.ts';
export * from './ui.ts';
export * from './two-factor.ts';
export * from './loyalty.ts';
