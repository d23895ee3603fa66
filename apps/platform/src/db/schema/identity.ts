/**
 * Identity's tables live in identity/schema.ts (issue #23). This re-export only keeps the foreign
 * keys of the wallet, games and cashier schema files (`./identity.ts`) compiling until those files
 * move into their own domains; delete it then.
 */
export * from '../../identity/schema.ts';
