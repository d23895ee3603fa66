import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { WebhookRejected } from '../providers/payments/index.ts';
import { applyKycEvent, KycEventRefused, kycProviders } from './service.ts';

/**
 * `POST /kyc/{provider}/webhook`: a KYC provider's event, as the payments' webhook
 * (payments/webhooks.ts): its own scope keeps the raw body for the signature. A bad signature, an
 * old timestamp, a malformed event or an unknown applicant answers 400 and changes nothing; a
 * replayed event answers 200 and changes nothing.
 */
export function registerKycWebhooks(server: FastifyInstance, app: AppContext): void {
  void server.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(
      '/kyc/:provider/webhook',
      { bodyLimit: 64 * 1024 },
      async (request, reply) => {
        const provider = kycProviders(app).get(request.params.provider);
        if (!provider) return reply.code(404).send({ error: 'unknown_provider' });
        const raw = typeof request.body === 'string' ? request.body : '';
        try {
          const event = provider.verifyWebhook(request.headers, raw, app.now());
          const outcome = await applyKycEvent(app, provider.id, event);
          return reply.code(200).send({ received: true, outcome });
        } catch (error) {
          if (error instanceof WebhookRejected || error instanceof KycEventRefused) {
            request.log.warn({ reason: error.reason }, `kyc webhook refused: ${error.message}`);
            return reply.code(400).send({ error: error.reason });
          }
          throw error;
        }
      },
    );
  });
}
