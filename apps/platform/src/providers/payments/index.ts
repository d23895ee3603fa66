import { domain, type DomainPlugin } from '../../lib/domain.ts';
import type { AppContext } from '../../context.ts';
import { registerSandboxPages } from './sandbox/pages.ts';
import { loadSandboxSecret, SandboxPaymentProvider } from './sandbox/provider.ts';
import { startWebhookWorker } from './sandbox/worker.ts';
import type { PaymentProvider } from './types.ts';

/** Payment providers: one interface (types.ts), a sandbox implementation (sandbox/). */
export type {
  PaymentEvent,
  PaymentEventType,
  PaymentProvider,
  PaymentRequest,
  PayoutRequest,
} from './types.ts';
export { WebhookRejected } from './types.ts';
export { signWebhook, verifyWebhookSignature, WEBHOOK_TOLERANCE_S } from './signature.ts';
export { SANDBOX_PROVIDER_ID, TEST_CARDS, SandboxPaymentProvider } from './sandbox/provider.ts';
export { deliverDueWebhooks } from './sandbox/worker.ts';

const configured = new WeakMap<AppContext, Map<string, PaymentProvider>>();

/** Sets the payment providers of a server (its domain does; tests that drive the cashier too). */
export function configurePaymentProviders(
  app: AppContext,
  providers: Map<string, PaymentProvider>,
) {
  configured.set(app, providers);
}

/** The payment providers this server runs with, by id (none configured: an empty map). */
export function paymentProviders(app: AppContext): ReadonlyMap<string, PaymentProvider> {
  return configured.get(app) ?? new Map();
}

/**
 * With `sandbox` (demo mode's sandbox providers, demo/mode.ts): the sandbox provider, its payment
 * pages and its webhook delivery. A production start has no payment provider until a real one is
 * configured, and the cashier then lists its methods as excluded.
 */
export const paymentsDomain = (options: { sandbox: boolean }): DomainPlugin =>
  domain('payments', (server, app) => {
    const providers = new Map<string, PaymentProvider>();
    configurePaymentProviders(app, providers);
    if (!options.sandbox) return;
    const sandbox = new SandboxPaymentProvider(app, loadSandboxSecret(app.config.dataDir));
    providers.set(sandbox.id, sandbox);
    registerSandboxPages(server, sandbox);
    const worker = startWebhookWorker(sandbox);
    server.addHook('onClose', () => worker.stop());
  });
