export { jackpotsHandlers } from './handlers.ts';
export { maskedNickname } from './masked.ts';
