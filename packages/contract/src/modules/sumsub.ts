import * as v from 'valibot';
import * as w from '../wire.ts';
import { method, ok, staffMethod } from './shared.ts';

// §7 `sumsub`: its methods, and (issue #25, "Not in §7 (ours)") the player's verification state
// and the staff's document decisions (the back office issue gives them a screen).

/** The document sets a player passes (Sumsub's `idDocSetType`): an identity document, a selfie. */
export const KYC_DOCUMENT_SETS = ['IDENTITY', 'SELFIE'] as const;
/** Identity documents the sandbox takes (Sumsub's `idDocType`). */
export const KYC_DOCUMENT_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVERS', 'SELFIE'] as const;
/**
 * Why a document was refused (Sumsub's `rejectLabels`, the ones a player can act on); the site
 * translates them, and `OTHER` comes with the reviewer's comment.
 */
export const KYC_REJECT_LABELS = [
  'UNSATISFACTORY_PHOTOS',
  'DOCUMENT_DAMAGED',
  'EXPIRATION_DATE',
  'DOCUMENT_PAGE_MISSING',
  'SELFIE_MISMATCH',
  'FORGERY',
  'OTHER',
] as const;

const kycDocument = v.object({
  document: v.picklist(KYC_DOCUMENT_SETS),
  /** missing: nothing sent yet; pending: sent, under review; approved; rejected (see reason). */
  status: v.picklist(['missing', 'pending', 'approved', 'rejected']),
  doc_type: v.nullable(v.string()),
  reason: v.nullable(v.picklist(KYC_REJECT_LABELS)),
  comment: v.nullable(v.string()),
});

const verification = v.object({
  /** none: no applicant yet; init: started, not submitted; then pending, approved, rejected. */
  status: v.picklist(['none', 'init', 'pending', 'approved', 'rejected']),
  is_verified: v.boolean(),
  is_on_verification: v.boolean(),
  documents: v.array(kycDocument),
});

const staffApplicant = v.object({
  player_id: v.number(),
  login: v.string(),
  status: v.string(),
  updated_at: v.string(),
  documents: v.array(kycDocument),
});

export const sumsub = {
  /** Idempotent: the player's applicant at the provider, made on the first call. */
  createApplicant: method(
    'sumsub',
    'createApplicant',
    'POST',
    'player',
    w.noParams,
    v.object({ applicant_id: v.string(), status: verification.entries.status }),
    'built',
  ),
  /**
   * A short-lived token for the provider's page; `url` (ours) is that page, which the
   * SumsubPopup frames (the sandbox's page on this site; a real provider's on its own origin).
   */
  getAccessToken: method(
    'sumsub',
    'getAccessToken',
    'POST',
    'player',
    w.params({ externalActionId: w.optional(w.text({ max: 128 })) }),
    v.object({ token: v.string(), url: v.optional(v.string()) }),
    'built',
  ),
  /** Not in §7 (ours, issue #25): the player's verification and its per-document checklist. */
  getVerification: method(
    'sumsub',
    'getVerification',
    'GET',
    'player',
    w.noParams,
    verification,
    'built',
  ),
  /** Not in §7 (ours): staff list the applicants waiting for a decision (or all, `status=all`). */
  stafflistapplicants: staffMethod(
    'sumsub',
    'stafflistapplicants',
    'GET',
    ['risk', 'support'],
    w.params({ status: w.optional(w.oneOf(['pending', 'all'])) }),
    v.array(staffApplicant),
  ),
  /** Not in §7 (ours): staff approve or reject one document of a player, with a reason. */
  staffdecidedocument: staffMethod(
    'sumsub',
    'staffdecidedocument',
    'POST',
    ['risk'],
    w.params({
      player_id: w.integer({ min: 1 }),
      document: w.oneOf(KYC_DOCUMENT_SETS),
      decision: w.oneOf(['approve', 'reject']),
      reason: w.optional(w.oneOf(KYC_REJECT_LABELS)),
      comment: w.optional(w.text({ max: 500 })),
    }),
    ok,
  ),
  /** §3 `is_kyc_block_enabled`: the operator's switch per player (no withdrawal before KYC). */
  staffsetkycblock: staffMethod(
    'sumsub',
    'staffsetkycblock',
    'POST',
    ['risk'],
    w.params({ player_id: w.integer({ min: 1 }), enabled: w.flag() }),
    ok,
  ),
};
