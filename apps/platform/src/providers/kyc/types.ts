import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * The KYC provider interface (architecture.md providers/: one interface, a sandbox implementation):
 * what the platform's kyc/ domain asks of an identity-verification provider such as Sumsub.
 */

/** A document set's result as the provider reports it (Sumsub's per-`idDocSetType` review). */
export interface KycDocumentResult {
  /** IDENTITY | SELFIE */
  docSet: string;
  /** PASSPORT | ID_CARD | DRIVERS | SELFIE */
  docType: string;
  /** GREEN approved, RED refused, null not reviewed yet. */
  answer: 'GREEN' | 'RED' | null;
  rejectLabels: string[];
}

/**
 * A verified webhook event: the applicant submitted (`applicantPending`) or was reviewed
 * (`applicantReviewed`, with each document's answer), as Sumsub names them.
 */
export interface KycEvent {
  id: string;
  type: 'applicantPending' | 'applicantReviewed';
  applicantId: string;
  externalUserId: string;
  reviewAnswer: 'GREEN' | 'RED' | null;
  documents: KycDocumentResult[];
}

export interface KycProvider {
  readonly id: string;
  /** The applicant of `externalUserId`, made on the first call (idempotent, as Sumsub's). */
  createApplicant(request: {
    externalUserId: string;
    levelName: string;
    webhookUrl: string;
  }): Promise<{ applicantId: string }>;
  /** A short-lived token for the provider's page, and that page's URL. */
  accessToken(request: {
    applicantId: string;
    externalActionId: string | null;
    ttlSeconds: number;
  }): Promise<{ token: string; url: string }>;
  /** Checks a webhook's signature and shape; throws `WebhookRejected` when either fails. */
  verifyWebhook(headers: Record<string, unknown>, rawBody: string, now: Date): KycEvent;
}

/** An uploaded image's check, as the platform's upload checks answer it (content/upload-sniff). */
export type ImageCheck =
  | { ok: true; ext: string; mime: string; width: number | null; height: number | null }
  | { ok: false; code: string };

/**
 * The platform's upload checks, handed to the sandbox's page by the kyc domain (the providers do
 * not import content/, which imports them): the bounded multipart reader and the by-bytes sniff.
 */
export interface UploadChecks {
  /** The most bytes one file may have (larger: `file_too_large`, 413). */
  maxFileBytes: number;
  readForm(payload: Readable, headers: IncomingHttpHeaders): Promise<unknown>;
  formFiles(
    body: unknown,
  ): { files: { filename: string; bytes: Buffer }[]; fields: Map<string, string[]> } | null;
  inspect(bytes: Uint8Array): Promise<ImageCheck>;
}
