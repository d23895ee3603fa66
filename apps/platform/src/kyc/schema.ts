/**
 * The kyc domain's tables (kyc/, issue #25): a player's applicant at the identity-verification
 * provider, the state of each document with its refusal reason, and the provider events already
 * handled (the webhook's idempotency). Declared here and used only inside kyc/; db/schema/index.ts
 * re-exports them for drizzle-kit and the database's typing (issue #23).
 */
import {
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';
// The players the foreign key names: identity's table, a column reference for the constraint.
import { players } from '../identity/schema.ts';

/** One applicant per player: who they are at the provider, and where the review stands. */
export const kycApplicants = pgTable(
  'kyc_applicants',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's applicant id. */
    externalId: text('external_id').notNull(),
    /** init | pending | approved | rejected */
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_applicants_player_idx').on(t.playerId),
    uniqueIndex('kyc_applicants_external_idx').on(t.provider, t.externalId),
  ],
);

/**
 * A document set of an applicant (IDENTITY, SELFIE) and its state: pending once submitted,
 * then approved or rejected with a reason (Sumsub's reject label) and the reviewer's comment.
 * Decided by the provider's webhook or by staff (`decided_by`, `staff_id`).
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => kycApplicants.id, { onDelete: 'cascade' }),
    docSet: text('doc_set').notNull(),
    docType: text('doc_type'),
    /** pending | approved | rejected */
    status: text('status').notNull(),
    rejectLabel: text('reject_label'),
    comment: text('comment'),
    /** provider | staff */
    decidedBy: text('decided_by'),
    staffId: integer('staff_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_documents_set_idx').on(t.applicantId, t.docSet)],
);

/** Provider events already applied: a replay of one is answered and changes nothing. */
export const kycWebhookEvents = pgTable(
  'kyc_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => kycApplicants.id, { onDelete: 'cascade' }),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
