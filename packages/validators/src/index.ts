export * from './messages.ts';
export * from './rules.ts';
export * from './schema.ts';
export * from './form.ts';
export * from './card.ts';
export * from './date.ts';
export * from './phone.ts';
export * from './text.ts';
