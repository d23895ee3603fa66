import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { walletAmountCounter, walletRequestsCounter } from '../../ops/index.ts';
import type { AppContext } from '../../context.ts';
import { loadWalletProviders, verifyBody } from './providers.ts';
import {
  STATUS,
  walletBalance,
  walletTransaction,
  type WalletAnswer,
  type WalletStatus,
} from './service.ts';

const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
const base = {
  request_uuid: text(64),
  token: text(128),
  game_code: text(64),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
};
const balanceRequest = v.object(base);
const transactionRequest = v.object({
  ...base,
  transaction_uuid: text(64),
  round: text(64),
  round_closed: v.boolean(),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
  reference_transaction_uuid: v.optional(text(64)),
  freespin_id: v.optional(text(32)),
});

const TYPES = { bet: 'bet', win: 'win', rollback: 'rollback' } as const;

function requestUuid(body: string): string {
  try {
    const value = (JSON.parse(body) as { request_uuid?: unknown }).request_uuid;
    return typeof value === 'string' ? value.slice(0, 64) : '';
  } catch {
    return '';
  }
}

/**
 * `/wallet/v1/…`: the seamless wallet game providers call (README.md). JSON over HTTP; every body
 * is verified against its provider's key before it is read; the answer is always HTTP 200 with a
 * `status`, as provider integrations expect. Its own scope: the raw body is kept for the
 * signature, and the site's error pages never answer here.
 */
/** Counts a wallet answer by type and status (ops metrics), and the money of an accepted one. */
async function counted(
  type: string,
  request: (() => { amount: number; currency: string } | null) | null,
  pending: Promise<WalletAnswer>,
): Promise<WalletAnswer> {
  const answer = await pending;
  walletRequestsCounter.inc({ type, status: answer.status });
  const money = request?.();
  if (answer.status === STATUS.ok && money && money.amount > 0) {
    walletAmountCounter.inc({ type, currency: money.currency }, money.amount);
  }
  return answer;
}

export async function registerWalletApi(server: FastifyInstance, app: AppContext): Promise<void> {
  const providers = loadWalletProviders(app);
  void server.register(
    async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      scope.setErrorHandler((error, request, reply) => {
        request.log.error(error);
        const body = typeof request.body === 'string' ? request.body : '';
        void reply.code(200).send({ status: STATUS.unknown, request_uuid: requestUuid(body) });
      });

      const handle = async (
        raw: unknown,
        headers: Record<string, unknown>,
        run: (providerId: string, body: unknown) => Promise<WalletAnswer>,
      ): Promise<WalletAnswer> => {
        const body = typeof raw === 'string' ? raw : '';
        const refuse = (status: WalletStatus): WalletAnswer => ({
          status,
          request_uuid: requestUuid(body),
        });
        const providerId = headers['x-wallet-provider'];
        const signature = headers['x-wallet-signature'];
        const provider = typeof providerId === 'string' ? providers.get(providerId) : undefined;
        if (!provider || typeof signature !== 'string') return refuse(STATUS.invalidSignature);
        if (!verifyBody(body, signature, provider.publicKey))
          return refuse(STATUS.invalidSignature);
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return refuse(STATUS.wrongSyntax);
        }
        return run(provider.id, parsed);
      };

      scope.post('/user/balance', async (request) =>
        counted(
          'balance',
          null,
          handle(request.body, request.headers, async (providerId, body) => {
            const checked = v.safeParse(balanceRequest, body);
            if (!checked.success) {
              return {
                status: STATUS.wrongSyntax,
                request_uuid: requestUuid(request.body as string),
              };
            }
            return walletBalance(app, providerId, checked.output);
          }),
        ),
      );

      for (const type of Object.values(TYPES)) {
        scope.post(`/transaction/${type}`, async (request) => {
          let accepted: { amount: number; currency: string } | null = null;
          return counted(
            type,
            () => accepted,
            handle(request.body, request.headers, async (providerId, body) => {
              const checked = v.safeParse(transactionRequest, body);
              if (!checked.success) {
                return {
                  status: STATUS.wrongSyntax,
                  request_uuid: requestUuid(request.body as string),
                };
              }
              accepted = { amount: checked.output.amount, currency: checked.output.currency };
              return walletTransaction(app, providerId, type, checked.output);
            }),
          );
        });
      }
    },
    { prefix: '/wallet/v1' },
  );
}
