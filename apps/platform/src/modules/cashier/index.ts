import { domain } from '../../lib/domain.ts';
import { registerPaymentWebhooks } from './webhooks.ts';

export { cashierHandlers } from './handlers.ts';
export { cashierPlayer, expireAbandonedDeposits } from './service.ts';

/** The cashier's HTTP door besides `/api`: the payment providers' webhooks. */
export const cashierDomain = domain('cashier', (server, app) => {
  registerPaymentWebhooks(server, app);
});
