export * from './define-method.ts';
export * as wire from './wire.ts';
export { invalidParameters } from './wire.ts';
export * from './entities.ts';
export * from './methods.ts';
export * from './registry.ts';
export * from './content.ts';
