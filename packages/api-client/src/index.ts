export * from './transport.ts';
export * from './registry-client.ts';
