/**
 * The sandbox KYC provider's own tables (providers/kyc/sandbox/): what a real provider such as
 * Sumsub keeps on its side, owned by the provider (issue #23), never read by the platform's kyc/.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.ts';

/** An applicant: the player as the provider knows them (by the site's `externalUserId`). */
export const sandboxKycApplicants = pgTable(
  'sandbox_kyc_applicants',
  {
    id: text('id').primaryKey(),
    externalUserId: text('external_user_id').notNull(),
    levelName: text('level_name').notNull(),
    /** init (collecting documents) | pending (submitted, under review) | completed */
    status: text('status').notNull(),
    /** GREEN | RED once completed. */
    reviewAnswer: text('review_answer'),
    webhookUrl: text('webhook_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_kyc_applicants_user_idx').on(t.externalUserId)],
);

/**
 * An image the applicant uploaded: its fingerprint only (sha256, type, size, dimensions). The
 * sandbox has no reviewer who looks at it, and identity images are personal data nobody should
 * keep without a need (GDPR art. 5(1)(c)), so the bytes are checked and dropped.
 */
export const sandboxKycImages = pgTable(
  'sandbox_kyc_images',
  {
    id: serial('id').primaryKey(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => sandboxKycApplicants.id, { onDelete: 'cascade' }),
    /** IDENTITY | SELFIE */
    docSet: text('doc_set').notNull(),
    /** PASSPORT | ID_CARD | DRIVERS | SELFIE */
    docType: text('doc_type').notNull(),
    /** FRONT | BACK | FACE */
    side: text('side').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_kyc_images_side_idx').on(t.applicantId, t.docSet, t.side)],
);

/** The webhooks the sandbox sends: each event once, retried with backoff until a 2xx. */
export const sandboxKycEvents = pgTable(
  'sandbox_kyc_events',
  {
    id: text('id').primaryKey(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => sandboxKycApplicants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The event's JSON body, fixed when the event is made (a retry sends the same bytes' data). */
    payload: text('payload').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_kyc_events_due_idx').on(t.dueAt)],
);
