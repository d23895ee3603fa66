import { API_VERSION } from '@northstar/shell-sdk';
import { platformType } from '@northstar/shell-sdk/host';

/** Where a player uploads a file for the chat (issue #30: the platform's upload checks). */
export const ATTACHMENTS_PATH = '/platform/chat/attachments';
/** The platform's largest file (content/'s upload reader): refused here before it is sent. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** What the platform takes: raster images and PDF files (it checks the bytes, not the name). */
export const ATTACHMENT_TYPES = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

export interface UploadedAttachment {
  id: number;
  name: string;
  content_type: string;
  size: number;
  url: string;
}

/** Why a file did not go: too big, not an image or PDF, too many this hour, anything else. */
export type UploadProblem = 'too_big' | 'wrong_type' | 'too_many' | 'failed';

export class UploadError extends Error {
  readonly problem: UploadProblem;
  constructor(problem: UploadProblem) {
    super(`the file was not uploaded: ${problem}`);
    this.problem = problem;
  }
}

/**
 * Uploads one file (multipart `files`, with the marker header every state-changing call carries)
 * and answers its id for `chat/send`'s `attachment_id`.
 */
export async function uploadAttachment(
  file: File,
  send: typeof fetch = (...args) => fetch(...args),
): Promise<UploadedAttachment> {
  if (file.size > MAX_ATTACHMENT_BYTES) throw new UploadError('too_big');
  const body = new FormData();
  body.append('files', file, file.name);
  let response: Response;
  try {
    response = await send(ATTACHMENTS_PATH, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { 'X-App-Client': `${platformType()}/${API_VERSION}`, Accept: 'application/json' },
    });
  } catch {
    throw new UploadError('failed');
  }
  const answer = (await response.json().catch(() => null)) as {
    data?: UploadedAttachment;
    error?: { invalid_parameters?: Record<string, string[]> };
  } | null;
  if (response.ok && answer?.data) return answer.data;
  if (response.status === 429) throw new UploadError('too_many');
  if (answer?.error?.invalid_parameters?.files?.includes('wrong_file_type')) {
    throw new UploadError('wrong_type');
  }
  if (response.status === 413) throw new UploadError('too_big');
  throw new UploadError('failed');
}

/** A file's size as people read it (`340 KB`, `1.2 MB`), in the page's locale. */
export function fileSize(bytes: number, locale: string): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'KB');
  return format(bytes / (1024 * 1024), 'MB');
}
