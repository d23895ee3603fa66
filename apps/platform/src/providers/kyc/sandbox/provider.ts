import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { rowsOf } from '../../../db/client.ts';
import type { AppContext } from '../../../context.ts';
import { signWebhook, verifyWebhookSignature, WebhookRejected } from '../../payments/index.ts';
import type { KycDocumentResult, KycEvent, KycProvider } from '../types.ts';

/**
 * The sandbox KYC provider: Sumsub in miniature (demo mode only, like the payment sandbox). It
 * keeps its own applicants and image fingerprints (`sandbox_kyc_*`), shows its own hosted page
 * (`/kyc/sandbox/sdk/{token}`, pages.ts: document type, front and back, a selfie, submit), and
 * tells the platform the outcome by signed webhooks it delivers over HTTP with retries
 * (worker.ts), signed as the payment sandbox signs (`t=…,v1=HMAC-SHA-256`, header
 * `sandbox-signature`), so the platform's side is the one a real provider would drive.
 *
 * How it decides (demo mode has no human reviewer; staff can still overrule on the platform):
 * on submit it sends `applicantPending` at once, then `applicantReviewed` after
 * `KYC_SANDBOX_REVIEW_SECONDS` (3 by default). A document whose uploaded file name contains
 * "reject" is refused (`UNSATISFACTORY_PHOTOS`; a selfie `SELFIE_MISMATCH`), every other one
 * approved; the applicant is GREEN only when every document is.
 */
export const KYC_SANDBOX_ID = 'sandbox';

/** The shared webhook secret: `KYC_SANDBOX_SECRET`, else one made once in the data folder. */
export function loadKycSandboxSecret(dataDir: string): string {
  const fromEnv = process.env.KYC_SANDBOX_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'kyc-sandbox.secret');
  if (!existsSync(file)) {
    writeFileSync(file, `whsec_${randomBytes(24).toString('hex')}`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
};

export interface SandboxApplicant {
  id: string;
  external_user_id: string;
  level_name: string;
  status: 'init' | 'pending' | 'completed';
  review_answer: 'GREEN' | 'RED' | null;
  webhook_url: string | null;
}

export interface SandboxImage {
  doc_set: string;
  doc_type: string;
  side: string;
  file_name: string;
}

export interface SandboxEvent {
  id: string;
  applicant_id: string;
  type: string;
  payload: string;
  attempts: number;
}

const documentBody = v.object({
  idDocSetType: v.pipe(v.string(), v.maxLength(32)),
  idDocType: v.pipe(v.string(), v.maxLength(32)),
  reviewAnswer: v.nullable(v.picklist(['GREEN', 'RED'])),
  rejectLabels: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(20)),
});

const eventBody = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  type: v.picklist(['applicantPending', 'applicantReviewed']),
  applicantId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  externalUserId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  createdAt: v.optional(v.string()),
  reviewResult: v.nullable(v.object({ reviewAnswer: v.picklist(['GREEN', 'RED']) })),
  documents: v.pipe(v.array(documentBody), v.maxLength(10)),
});

/** What a submitted applicant must have sent: an identity document (front; back if not a passport) and a selfie. */
export function missingImages(images: readonly SandboxImage[]): string[] {
  const missing: string[] = [];
  const front = images.find((i) => i.doc_set === 'IDENTITY' && i.side === 'FRONT');
  if (!front) missing.push('IDENTITY');
  else if (
    front.doc_type !== 'PASSPORT' &&
    !images.some((i) => i.doc_set === 'IDENTITY' && i.side === 'BACK')
  ) {
    missing.push('IDENTITY');
  }
  if (!images.some((i) => i.doc_set === 'SELFIE')) missing.push('SELFIE');
  return missing;
}

/** The sandbox's review: a document is refused when one of its files is named "…reject…". */
export function sandboxReview(images: readonly SandboxImage[]): KycDocumentResult[] {
  const sets = new Map<string, SandboxImage[]>();
  for (const image of images) sets.set(image.doc_set, [...(sets.get(image.doc_set) ?? []), image]);
  return [...sets.entries()].map(([docSet, files]) => {
    const refused = files.some((file) => /reject/i.test(file.file_name));
    return {
      docSet,
      docType: files[0]!.doc_type,
      answer: refused ? 'RED' : 'GREEN',
      rejectLabels: refused
        ? [docSet === 'SELFIE' ? 'SELFIE_MISMATCH' : 'UNSATISFACTORY_PHOTOS']
        : [],
    };
  });
}

export class SandboxKycProvider implements KycProvider {
  readonly id = KYC_SANDBOX_ID;
  readonly app: AppContext;
  readonly secret: string;
  readonly reviewSeconds = seconds('KYC_SANDBOX_REVIEW_SECONDS', 3);

  constructor(app: AppContext, secret: string) {
    this.app = app;
    this.secret = secret;
  }

  async createApplicant(request: {
    externalUserId: string;
    levelName: string;
    webhookUrl: string;
  }): Promise<{ applicantId: string }> {
    const id = `app_${randomBytes(12).toString('hex')}`;
    const [row] = await this.app.database.query<{ id: string }>(sql`
      insert into sandbox_kyc_applicants (id, external_user_id, level_name, status, webhook_url)
      values (${id}, ${request.externalUserId}, ${request.levelName}, 'init', ${request.webhookUrl})
      on conflict (external_user_id) do update set webhook_url = excluded.webhook_url
      returning id`);
    return { applicantId: row!.id };
  }

  async accessToken(request: {
    applicantId: string;
    externalActionId: string | null;
    ttlSeconds: number;
  }): Promise<{ token: string; url: string }> {
    const applicant = await this.applicant(request.applicantId);
    if (!applicant) throw new Error(`no sandbox applicant ${request.applicantId}`);
    // `sbx_<applicant hex>_<expiry, unix s in hex>_<MAC>`: short enough for a path segment
    // (Fastify's 100-character parameter limit). The sandbox has one level and no action flows,
    // so `externalActionId` is taken and not carried (Sumsub ties the token to it).
    const expires = (Math.floor(this.app.now().getTime() / 1000) + request.ttlSeconds).toString(16);
    const payload = `${applicant.id.slice('app_'.length)}_${expires}`;
    const token = `sbx_${payload}_${this.mac(payload)}`;
    return { token, url: `/kyc/sandbox/sdk/${token}` };
  }

  verifyWebhook(headers: Record<string, unknown>, rawBody: string, now: Date): KycEvent {
    verifyWebhookSignature(this.secret, headers['sandbox-signature'], rawBody, now);
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected('payload', 'the body is not JSON');
    }
    const parsed = v.safeParse(eventBody, json);
    if (!parsed.success)
      throw new WebhookRejected('payload', 'the event has not the expected shape');
    const event = parsed.output;
    return {
      id: event.id,
      type: event.type,
      applicantId: event.applicantId,
      externalUserId: event.externalUserId,
      reviewAnswer: event.reviewResult?.reviewAnswer ?? null,
      documents: event.documents.map((d) => ({
        docSet: d.idDocSetType,
        docType: d.idDocType,
        answer: d.reviewAnswer,
        rejectLabels: d.rejectLabels,
      })),
    };
  }

  // ---- the provider's own side: its page's token, its records, its review, its webhooks ----

  /** 192 bits of HMAC-SHA-256, base64url (32 characters). */
  private mac(payload: string): string {
    return createHmac('sha256', this.secret)
      .update(`kyc-token.${payload}`)
      .digest()
      .subarray(0, 24)
      .toString('base64url');
  }

  /** The applicant a page token names, or null for a forged or expired token. */
  async fromToken(token: string): Promise<SandboxApplicant | null> {
    const match = /^sbx_(([0-9a-f]{24})_([0-9a-f]{1,12}))_([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const expected = Buffer.from(this.mac(match[1]!));
    const given = Buffer.from(match[4]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    if (Number.parseInt(match[3]!, 16) * 1000 <= this.app.now().getTime()) return null;
    return this.applicant(`app_${match[2]!}`);
  }

  async applicant(id: string): Promise<SandboxApplicant | null> {
    const [row] = await rowsOf<SandboxApplicant>(
      this.app.database.db,
      sql`select id, external_user_id, level_name, status, review_answer, webhook_url
          from sandbox_kyc_applicants where id = ${id}`,
    );
    return row ?? null;
  }

  async images(applicantId: string): Promise<SandboxImage[]> {
    return rowsOf<SandboxImage>(
      this.app.database.db,
      sql`select doc_set, doc_type, side, file_name from sandbox_kyc_images
          where applicant_id = ${applicantId} order by doc_set, side`,
    );
  }

  /** Keeps an image's fingerprint for a side of a document (a new upload replaces the old). */
  async keepImage(
    applicantId: string,
    image: {
      docSet: string;
      docType: string;
      side: string;
      fileName: string;
      bytes: Buffer;
      mime: string;
      width: number | null;
      height: number | null;
    },
  ): Promise<void> {
    const sha256 = createHash('sha256').update(image.bytes).digest('hex');
    await this.app.database.query(sql`
      insert into sandbox_kyc_images (applicant_id, doc_set, doc_type, side, file_name, sha256, mime, size_bytes, width, height)
      values (${applicantId}, ${image.docSet}, ${image.docType}, ${image.side}, ${image.fileName.slice(0, 255)},
              ${sha256}, ${image.mime}, ${image.bytes.length}, ${image.width}, ${image.height})
      on conflict (applicant_id, doc_set, side) do update set doc_type = excluded.doc_type,
        file_name = excluded.file_name, sha256 = excluded.sha256, mime = excluded.mime,
        size_bytes = excluded.size_bytes, width = excluded.width, height = excluded.height`);
    if (image.docSet === 'IDENTITY' && image.side === 'FRONT' && image.docType === 'PASSPORT') {
      // A passport has one page to show: a back side left from another document type goes.
      await this.app.database.query(sql`
        delete from sandbox_kyc_images where applicant_id = ${applicantId} and doc_set = 'IDENTITY' and side = 'BACK'`);
    }
  }

  /**
   * The applicant submits: pending at once (`applicantPending` now), reviewed after the review
   * delay (`applicantReviewed`). Only an applicant collecting documents with every one sent
   * moves; answers whether it did.
   */
  async submit(applicantId: string): Promise<boolean> {
    const images = await this.images(applicantId);
    if (missingImages(images).length > 0) return false;
    const now = this.app.now();
    return this.app.database.db.transaction(async (tx) => {
      const [moved] = await rowsOf<SandboxApplicant>(
        tx,
        sql`update sandbox_kyc_applicants set status = 'pending'
            where id = ${applicantId} and status = 'init' returning *`,
      );
      if (!moved) return false;
      const review = sandboxReview(images);
      const answer = review.every((d) => d.answer === 'GREEN') ? 'GREEN' : 'RED';
      const pending = this.eventPayload(
        moved,
        'applicantPending',
        null,
        review.map((d) => ({ ...d, answer: null, rejectLabels: [] })),
        now,
      );
      const reviewed = this.eventPayload(moved, 'applicantReviewed', answer, review, now);
      const due = new Date(now.getTime() + this.reviewSeconds * 1000);
      await tx.execute(sql`
        insert into sandbox_kyc_events (id, applicant_id, type, payload, due_at) values
          (${pending.id}, ${applicantId}, 'applicantPending', ${pending.body}, ${now.toISOString()}::timestamptz),
          (${reviewed.id}, ${applicantId}, 'applicantReviewed', ${reviewed.body}, ${due.toISOString()}::timestamptz)`);
      return true;
    });
  }

  /** While collecting documents, the player starts over: the uploads so far are dropped. */
  async restartUploads(applicantId: string): Promise<void> {
    await this.app.database.query(sql`
      delete from sandbox_kyc_images where applicant_id = ${applicantId}
        and exists (select 1 from sandbox_kyc_applicants where id = ${applicantId} and status = 'init')`);
  }

  /** After a refusal the applicant may start again: the refused documents are uploaded anew. */
  async restart(applicantId: string): Promise<boolean> {
    const [moved] = await rowsOf<{ id: string }>(
      this.app.database.db,
      sql`update sandbox_kyc_applicants set status = 'init', review_answer = null
          where id = ${applicantId} and status = 'completed' and review_answer = 'RED' returning id`,
    );
    if (!moved) return false;
    await this.app.database.query(
      sql`delete from sandbox_kyc_images where applicant_id = ${applicantId}`,
    );
    return true;
  }

  private eventPayload(
    applicant: SandboxApplicant,
    type: KycEvent['type'],
    answer: 'GREEN' | 'RED' | null,
    documents: KycDocumentResult[],
    now: Date,
  ): { id: string; body: string } {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({
      id,
      type,
      applicantId: applicant.id,
      externalUserId: applicant.external_user_id,
      createdAt: now.toISOString(),
      reviewResult: answer ? { reviewAnswer: answer } : null,
      documents: documents.map((d) => ({
        idDocSetType: d.docSet,
        idDocType: d.docType,
        reviewAnswer: d.answer,
        rejectLabels: d.rejectLabels,
      })),
    });
    return { id, body };
  }

  /** Marks a delivered review on the provider's side (the applicant is then completed). */
  async delivered(event: SandboxEvent): Promise<void> {
    await this.app.database.query(sql`
      update sandbox_kyc_events set due_at = null, delivered_at = ${this.app.now().toISOString()}::timestamptz,
        attempts = attempts + 1 where id = ${event.id}`);
    if (event.type === 'applicantReviewed') {
      const answer =
        (JSON.parse(event.payload) as { reviewResult: { reviewAnswer: string } | null })
          .reviewResult?.reviewAnswer ?? null;
      await this.app.database.query(sql`
        update sandbox_kyc_applicants set status = 'completed', review_answer = ${answer}
        where id = ${event.applicant_id} and status = 'pending'`);
    }
  }

  /** The signed webhook of an event: headers and body as they go on the wire. */
  signedEvent(event: SandboxEvent, now: Date): { body: string; signature: string } {
    return { body: event.payload, signature: signWebhook(this.secret, event.payload, now) };
  }
}
