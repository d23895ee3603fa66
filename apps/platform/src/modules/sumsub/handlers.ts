import type { ModuleHandlers } from '../handlers.ts';
import {
  accessTokenFor,
  ensureApplicant,
  staffApplicants,
  staffDecideDocument,
  staffSetKycBlock,
  verificationOf,
} from '../../kyc/index.ts';
import { auditChange, auditRead } from '../staff-audit.ts';

/** This site's origin as the request reached it (the provider's webhook comes back to it). */
const originOf = (request: { protocol: string; host: string }) =>
  `${request.protocol}://${request.host}`;

/** §7 Sumsub (issue #25): thin handlers over kyc/'s door. */
export const sumsubHandlers: ModuleHandlers<'sumsub'> = {
  async createApplicant(ctx) {
    const made = await ensureApplicant(ctx.app, ctx.playerId(), originOf(ctx.request));
    return { applicant_id: made.applicantId, status: made.status };
  },

  async getAccessToken(ctx, params) {
    return accessTokenFor(ctx.app, ctx.playerId(), params.externalActionId ?? null);
  },

  async getVerification(ctx) {
    return verificationOf(ctx.app.database.db, ctx.playerId());
  },

  async stafflistapplicants(ctx, params) {
    const list = await staffApplicants(ctx.app.database.db, params.status ?? 'pending');
    // The queue shows players' documents: one read row for the list shown.
    await auditRead(ctx, { type: 'kyc_queue', id: params.status ?? 'pending' });
    return list;
  },

  async staffdecidedocument(ctx, params) {
    await staffDecideDocument(
      ctx.app,
      ctx.staff!.id,
      {
        playerId: params.player_id,
        document: params.document,
        decision: params.decision,
        reason: params.reason ?? null,
        comment: params.comment ?? null,
      },
      auditChange(ctx, {
        type: 'kyc_document',
        playerId: params.player_id,
        reason: params.comment ?? params.reason ?? null,
      }),
    );
    return 1 as const;
  },

  async staffsetkycblock(ctx, params) {
    await staffSetKycBlock(
      ctx.app,
      params.player_id,
      params.enabled,
      auditChange(ctx, { type: 'player', id: params.player_id }),
    );
    return 1 as const;
  },
};
