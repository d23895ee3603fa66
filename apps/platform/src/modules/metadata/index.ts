export { metadataHandlers } from './handlers.ts';
