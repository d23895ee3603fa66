import { randomUUID, type KeyObject } from 'node:crypto';
import { BUILT_IN_PROVIDER, signBody } from '../wallet/index.ts';

/**
 * The in-house game server's side of the seamless wallet: signed JSON over HTTP to `/wallet/v1`,
 * exactly what an external provider sends (wallet/README.md). The game server has no other way
 * to touch a player's money.
 */
export interface WalletReply {
  status: string;
  request_uuid: string;
  user?: string;
  currency?: string;
  balance?: number;
  freespins?: { id: string; remaining: number; total?: number; stake: number }[];
  freespins_left?: number;
  /** RS_ERROR_LIMIT_REACHED: which limit (`bonus_max_bet`, `bonus_excluded_game`). */
  limit?: string;
}

export interface WalletTransactionCall {
  token: string;
  gameCode: string;
  currency: string;
  transactionUuid: string;
  round: string;
  roundClosed: boolean;
  amount: number;
  referenceTransactionUuid?: string;
  /** A free spin's bet: the pack it spends. */
  freespinId?: string;
}

/** A call that got no answer (the network, a timeout): the caller tries again with the same uuid. */
export class WalletUnreachable extends Error {}

export class WalletClient {
  private readonly baseUrl: () => string;
  private readonly privateKey: KeyObject;
  private readonly providerId: string;

  constructor(baseUrl: () => string, privateKey: KeyObject, providerId = BUILT_IN_PROVIDER) {
    this.baseUrl = baseUrl;
    this.privateKey = privateKey;
    this.providerId = providerId;
  }

  private async call(route: string, payload: Record<string, unknown>): Promise<WalletReply> {
    const body = JSON.stringify({ request_uuid: randomUUID(), ...payload });
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl()}/wallet/v1/${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wallet-provider': this.providerId,
          'x-wallet-signature': signBody(body, this.privateKey),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new WalletUnreachable(`wallet ${route}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new WalletUnreachable(`wallet ${route}: HTTP ${response.status}`);
    return (await response.json()) as WalletReply;
  }

  balance(token: string, gameCode: string, currency: string): Promise<WalletReply> {
    return this.call('user/balance', { token, game_code: gameCode, currency });
  }

  transaction(type: 'bet' | 'win' | 'rollback', call: WalletTransactionCall): Promise<WalletReply> {
    return this.call(`transaction/${type}`, {
      token: call.token,
      game_code: call.gameCode,
      currency: call.currency,
      transaction_uuid: call.transactionUuid,
      round: call.round,
      round_closed: call.roundClosed,
      amount: call.amount,
      ...(call.referenceTransactionUuid
        ? { reference_transaction_uuid: call.referenceTransactionUuid }
        : {}),
      ...(call.freespinId ? { freespin_id: call.freespinId } : {}),
    });
  }
}
