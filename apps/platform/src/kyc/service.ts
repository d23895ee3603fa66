import { sql } from 'drizzle-orm';
import { KYC_DOCUMENT_SETS, KYC_REJECT_LABELS } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';
import { playerById, setVerificationFlags } from '../identity/index.ts';
import type { ChangeHook } from '../lib/change-hook.ts';
import type { KycEvent, KycProvider } from '../providers/kyc/index.ts';

/**
 * Identity verification (issue #25; §3 verification flags, §7 Sumsub, §8 Kyc*): a player's
 * applicant at the provider, each document's state, and the player's `is_on_verification` /
 * `is_verified`, which change only here (through identity's `setVerificationFlags`).
 *
 * A player is verified when every required document (an identity document and a selfie) is
 * approved; one refused document refuses the applicant, with its reason, until it is sent again.
 * The provider decides by its webhook; staff may decide any document themselves (a regulated
 * operator's compliance team has the last word over its vendor's automated review).
 */

/** Sumsub's default level; the sandbox asks for the same documents. */
export const KYC_LEVEL = 'basic-kyc-level';
/**
 * How long a page token lasts. Sumsub's default is 10 minutes with a refresh callback; the
 * framed sandbox page has none, so it lasts long enough to find a document and take photos.
 */
export const KYC_TOKEN_TTL_S = 30 * 60;

type Status = 'init' | 'pending' | 'approved' | 'rejected';
type DocumentStatus = 'missing' | 'pending' | 'approved' | 'rejected';
type RejectLabel = (typeof KYC_REJECT_LABELS)[number];
type DocumentSet = (typeof KYC_DOCUMENT_SETS)[number];

export interface ChecklistItem {
  document: DocumentSet;
  status: DocumentStatus;
  doc_type: string | null;
  reason: RejectLabel | null;
  comment: string | null;
}

interface ApplicantRow {
  id: number;
  player_id: number;
  provider: string;
  external_id: string;
  status: Status;
  updated_at: Date | string;
}

interface DocumentRow {
  doc_set: string;
  doc_type: string | null;
  status: 'pending' | 'approved' | 'rejected';
  reject_label: string | null;
  comment: string | null;
}

/** A webhook the platform will not apply (unknown applicant); answered 400, nothing changes. */
export class KycEventRefused extends Error {
  override readonly name = 'KycEventRefused';
  readonly reason = 'unknown_applicant';
}

// ---- providers: the ones this server runs with (the sandbox in demo mode only) ----

const configured = new WeakMap<AppContext, Map<string, KycProvider>>();

export function configureKycProviders(app: AppContext, providers: Map<string, KycProvider>) {
  configured.set(app, providers);
}

export function kycProviders(app: AppContext): ReadonlyMap<string, KycProvider> {
  return configured.get(app) ?? new Map();
}

/** The provider new applicants go to: the first configured (one per site in practice). */
function activeProvider(app: AppContext): KycProvider {
  const [provider] = kycProviders(app).values();
  // No provider on a production start until a real one is configured: verification is off.
  if (!provider)
    throw new ApiError('ApplicationUnavailable', 'Identity verification is not available');
  return provider;
}

/** The provider's `externalUserId` of a player: the site's own id, never a name or an e-mail. */
export const externalUserId = (playerId: number) => `player-${playerId}`;

async function applicantOf(
  db: Executor,
  playerId: number,
  lock = false,
): Promise<ApplicantRow | null> {
  const [row] = await rowsOf<ApplicantRow>(
    db,
    sql`select id, player_id, provider, external_id, status, updated_at from kyc_applicants
        where player_id = ${playerId} ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

async function documentsOf(db: Executor, applicantId: number): Promise<DocumentRow[]> {
  return rowsOf<DocumentRow>(
    db,
    sql`select doc_set, doc_type, status, reject_label, comment from kyc_documents
        where applicant_id = ${applicantId}`,
  );
}

const asLabel = (label: string | null | undefined): RejectLabel | null =>
  label == null
    ? null
    : (KYC_REJECT_LABELS as readonly string[]).includes(label)
      ? (label as RejectLabel)
      : 'OTHER';

/** The per-document checklist: every required document, sent or not. */
export function checklist(documents: readonly DocumentRow[]): ChecklistItem[] {
  return KYC_DOCUMENT_SETS.map((set) => {
    const row = documents.find((d) => d.doc_set === set);
    if (!row)
      return { document: set, status: 'missing', doc_type: null, reason: null, comment: null };
    return {
      document: set,
      status: row.status,
      doc_type: row.doc_type,
      reason: row.status === 'rejected' ? asLabel(row.reject_label) : null,
      comment: row.status === 'rejected' ? row.comment : null,
    };
  });
}

/** The applicant's state from its documents: one refusal refuses, all approved approves. */
export function applicantStatus(items: readonly ChecklistItem[]): Status {
  if (items.some((i) => i.status === 'rejected')) return 'rejected';
  if (items.every((i) => i.status === 'approved')) return 'approved';
  if (items.some((i) => i.status === 'pending')) return 'pending';
  return 'init';
}

/** Recomputes the applicant and the player's flags after its documents changed (in `tx`). */
async function settle(tx: Executor, applicant: ApplicantRow, now: Date): Promise<Status> {
  const status = applicantStatus(checklist(await documentsOf(tx, applicant.id)));
  await tx.execute(sql`update kyc_applicants set status = ${status}, updated_at = ${sqlTime(now)}
                       where id = ${applicant.id}`);
  await setVerificationFlags(tx, applicant.player_id, {
    isVerified: status === 'approved',
    isOnVerification: status === 'pending',
  });
  return status;
}

// ---- the player's operations (§7 sumsub/*, account/setUserOnVerification) ----

/** `sumsub/createApplicant`: the player's applicant, made at the provider on the first call. */
export async function ensureApplicant(
  app: AppContext,
  playerId: number,
  origin: string,
): Promise<{ applicantId: string; status: Status }> {
  const existing = await applicantOf(app.database.db, playerId);
  if (existing) return { applicantId: existing.external_id, status: existing.status };
  const provider = activeProvider(app);
  const { applicantId } = await provider.createApplicant({
    externalUserId: externalUserId(playerId),
    levelName: KYC_LEVEL,
    webhookUrl: `${origin}/kyc/${provider.id}/webhook`,
  });
  // Two calls at once: the provider answers the same applicant to both (idempotent by user).
  await app.database.query(sql`
    insert into kyc_applicants (player_id, provider, external_id, status)
    values (${playerId}, ${provider.id}, ${applicantId}, 'init')
    on conflict (player_id) do nothing`);
  const made = await applicantOf(app.database.db, playerId);
  return { applicantId: made!.external_id, status: made!.status };
}

/** `sumsub/getAccessToken`: a token for the provider's page; KycUserProfile before createApplicant. */
export async function accessTokenFor(
  app: AppContext,
  playerId: number,
  externalActionId: string | null,
): Promise<{ token: string; url: string }> {
  const applicant = await applicantOf(app.database.db, playerId);
  if (!applicant) {
    throw new ApiError('KycUserProfile', 'Start the verification first (createApplicant)');
  }
  const provider = kycProviders(app).get(applicant.provider);
  if (!provider)
    throw new ApiError('ApplicationUnavailable', 'Identity verification is not available');
  return provider.accessToken({
    applicantId: applicant.external_id,
    externalActionId,
    ttlSeconds: KYC_TOKEN_TTL_S,
  });
}

/** The player's verification and its checklist (`sumsub/getVerification`). */
export async function verificationOf(db: Executor, playerId: number) {
  const player = await playerById(db, playerId);
  const applicant = await applicantOf(db, playerId);
  const documents = applicant ? await documentsOf(db, applicant.id) : [];
  return {
    status: applicant ? applicant.status : ('none' as const),
    is_verified: player?.isVerified ?? false,
    is_on_verification: player?.isOnVerification ?? false,
    documents: checklist(documents),
  };
}

/**
 * `account/setUserOnVerification` (§7): the site says the player finished the provider's page,
 * before the provider's webhook arrives, so the account shows "on verification" at once. Only
 * for a player with an applicant (KycUserProfile otherwise) who is not verified yet.
 */
export async function markOnVerification(app: AppContext, playerId: number): Promise<void> {
  const db = app.database.db;
  const applicant = await applicantOf(db, playerId);
  if (!applicant) throw new ApiError('KycUserProfile', 'Start the verification first');
  if (applicant.status === 'approved') return;
  await setVerificationFlags(db, playerId, { isOnVerification: true });
}

// ---- the provider's webhook ----

/**
 * Applies a verified provider event once: a replay (same provider and event id) answers
 * `duplicate` and changes nothing; an event for an applicant this site does not know (or for
 * another user than the applicant's) is refused (KycEventRefused) and nothing is kept.
 * `applicantPending` puts the documents it names under review; `applicantReviewed` approves or
 * refuses each with its reason.
 */
export async function applyKycEvent(
  app: AppContext,
  providerId: string,
  event: KycEvent,
): Promise<'applied' | 'duplicate'> {
  const now = app.now();
  return app.database.db.transaction(async (tx) => {
    const [applicant] = await rowsOf<ApplicantRow>(
      tx,
      sql`select id, player_id, provider, external_id, status, updated_at from kyc_applicants
          where provider = ${providerId} and external_id = ${event.applicantId} for update`,
    );
    if (!applicant || externalUserId(applicant.player_id) !== event.externalUserId) {
      throw new KycEventRefused('no such applicant');
    }
    const [fresh] = await rowsOf<{ event_id: string }>(
      tx,
      sql`insert into kyc_webhook_events (provider, event_id, type, applicant_id)
          values (${providerId}, ${event.id}, ${event.type}, ${applicant.id})
          on conflict do nothing returning event_id`,
    );
    if (!fresh) return 'duplicate';
    for (const document of event.documents) {
      if (!(KYC_DOCUMENT_SETS as readonly string[]).includes(document.docSet)) continue;
      const reviewed = event.type === 'applicantReviewed' && document.answer !== null;
      const status = !reviewed ? 'pending' : document.answer === 'GREEN' ? 'approved' : 'rejected';
      const label = status === 'rejected' ? (asLabel(document.rejectLabels[0]) ?? 'OTHER') : null;
      await tx.execute(sql`
        insert into kyc_documents (applicant_id, doc_set, doc_type, status, reject_label, comment, decided_by, staff_id, updated_at)
        values (${applicant.id}, ${document.docSet}, ${document.docType}, ${status}, ${label}, null,
                ${reviewed ? 'provider' : null}, null, ${sqlTime(now)})
        on conflict (applicant_id, doc_set) do update set doc_type = excluded.doc_type,
          status = excluded.status, reject_label = excluded.reject_label, comment = null,
          decided_by = excluded.decided_by, staff_id = null, updated_at = excluded.updated_at`);
    }
    await settle(tx, applicant, now);
    return 'applied';
  });
}

// ---- staff ----

/**
 * §3 `is_kyc_block_enabled`, the operator's switch per player (issue #25): with it on, the player
 * may not withdraw before their identity is verified (assertKycAllowsWithdrawal). Staff only;
 * an unknown player is a field error, not a silent no-op.
 */
export async function staffSetKycBlock(
  app: AppContext,
  playerId: number,
  enabled: boolean,
  hook: ChangeHook,
): Promise<void> {
  await app.database.db.transaction(async (tx) => {
    const player = await playerById(tx, playerId);
    if (!player) {
      throw new ApiError('InvalidParameter', 'No such player', {
        invalidParameters: { player_id: ['wrong_field'] },
      });
    }
    await setVerificationFlags(tx, playerId, { isKycBlockEnabled: enabled });
    await hook(tx, {
      playerId,
      before: { is_kyc_block_enabled: player.isKycBlockEnabled },
      after: { is_kyc_block_enabled: enabled },
    });
  });
}

/**
 * Staff approve or reject one document of a player (a reason is required to reject, so the
 * player learns what to fix). The applicant and the player's flags follow at once.
 */
export async function staffDecideDocument(
  app: AppContext,
  staffId: number,
  decision: {
    playerId: number;
    document: DocumentSet;
    decision: 'approve' | 'reject';
    reason: RejectLabel | null;
    comment: string | null;
  },
  hook: ChangeHook,
): Promise<void> {
  if (decision.decision === 'reject' && !decision.reason) {
    throw new ApiError('InvalidParameter', 'Say why the document is refused', {
      invalidParameters: { reason: ['required'] },
    });
  }
  if (decision.decision === 'reject' && decision.reason === 'OTHER' && !decision.comment) {
    throw new ApiError('InvalidParameter', 'Explain the refusal to the player', {
      invalidParameters: { comment: ['required'] },
    });
  }
  const now = app.now();
  await app.database.db.transaction(async (tx) => {
    const applicant = await applicantOf(tx, decision.playerId, true);
    const [row] = applicant
      ? await rowsOf<{ id: number }>(
          tx,
          sql`select id from kyc_documents where applicant_id = ${applicant.id} and doc_set = ${decision.document}`,
        )
      : [];
    if (!applicant || !row) {
      // Nothing sent: there is nothing to decide on (the player uploads first).
      throw new ApiError('InvalidParameter', 'The player has not sent this document', {
        invalidParameters: { document: ['wrong_field'] },
      });
    }
    const approve = decision.decision === 'approve';
    const [before] = await rowsOf<{ status: string; reject_label: string | null }>(
      tx,
      sql`select status, reject_label from kyc_documents where id = ${row.id}`,
    );
    await tx.execute(sql`
      update kyc_documents set status = ${approve ? 'approved' : 'rejected'},
        reject_label = ${approve ? null : decision.reason}, comment = ${approve ? null : decision.comment},
        decided_by = 'staff', staff_id = ${staffId}, updated_at = ${sqlTime(now)}
      where id = ${row.id}`);
    await settle(tx, applicant, now);
    await hook(tx, {
      subjectId: row.id,
      playerId: decision.playerId,
      before: { document: decision.document, ...before },
      after: {
        document: decision.document,
        status: approve ? 'approved' : 'rejected',
        reject_label: approve ? null : decision.reason,
        comment: approve ? null : decision.comment,
      },
    });
  });
}

/** Applicants for the staff's queue: waiting for a decision (default) or all, newest first. */
export async function staffApplicants(db: Executor, which: 'pending' | 'all') {
  const rows = await rowsOf<ApplicantRow>(
    db,
    sql`select id, player_id, provider, external_id, status, updated_at from kyc_applicants
        ${which === 'pending' ? sql`where status = 'pending'` : sql``}
        order by updated_at desc limit 100`,
  );
  return Promise.all(
    rows.map(async (row) => ({
      player_id: row.player_id,
      login: (await playerById(db, row.player_id))?.login ?? '',
      status: row.status,
      updated_at: new Date(row.updated_at).toISOString(),
      documents: checklist(await documentsOf(db, row.id)),
    })),
  );
}

// ---- the other domains' question ----

/**
 * §8 KycWithdrawal: with the account's `is_kyc_block_enabled` (the operator's switch, §3), no
 * withdrawal until the player is verified. payments/ asks this before it takes a withdrawal.
 */
export function assertKycAllowsWithdrawal(account: {
  isVerified: boolean;
  isKycBlockEnabled: boolean;
}): void {
  if (account.isKycBlockEnabled && !account.isVerified) {
    throw new ApiError('KycWithdrawal', 'Verify your identity to withdraw');
  }
}
