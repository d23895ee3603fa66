import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { webhooksRefusedCounter } from '../ops/index.ts';
import { paymentProviders, WebhookRejected } from '../providers/payments/index.ts';
import { applyPaymentEvent } from './service.ts';

/**
 * `POST /payments/{provider}/webhook`: a provider's event. Its own scope keeps the raw body for
 * the signature. A bad signature, an old timestamp, an unknown transaction or an amount that
 * differs answers 400 and changes nothing; a replayed event answers 200 and changes nothing.
 */
export function registerPaymentWebhooks(server: FastifyInstance, app: AppContext): void {
  void server.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(
      '/payments/:provider/webhook',
      { bodyLimit: 64 * 1024 },
      async (request, reply) => {
        const provider = paymentProviders(app).get(request.params.provider);
        if (!provider) return reply.code(404).send({ error: 'unknown_provider' });
        const raw = typeof request.body === 'string' ? request.body : '';
        try {
          const event = provider.verifyWebhook(request.headers, raw, app.now());
          const outcome = await applyPaymentEvent(app, provider.id, event);
          return reply.code(200).send({ received: true, outcome });
        } catch (error) {
          if (error instanceof WebhookRejected) {
            webhooksRefusedCounter.inc({ provider: provider.id, reason: error.reason });
            request.log.warn({ reason: error.reason }, `payment webhook refused: ${error.message}`);
            return reply.code(400).send({ error: error.reason });
          }
          throw error;
        }
      },
    );
  });
}
