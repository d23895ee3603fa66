export { cashierHandlers } from './handlers.ts';
// The payments domain owns these now (payments/index.ts); kept here for the callers that still
// import them from the cashier module.
export { cashierPlayer, expireAbandonedDeposits } from '../../payments/index.ts';
