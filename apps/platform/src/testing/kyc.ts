import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { post } from './api.ts';
import { signWebhook } from '../providers/payments/index.ts';
import type { TestServer } from './test-server.ts';

/** Only tests import this file: the sandbox KYC provider's hosted page, as a browser uses it. */

/** A real PNG (signature, IHDR, IDAT, IEND with their CRCs) of `size`×`size` grey pixels. */
export function png(size = 8): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(size * (size + 1), 0x80);
  for (let row = 0; row < size; row += 1) rows[row * (size + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The player's verification started, and the hosted page's steps posted as its forms are. */
export function sandboxKyc(server: TestServer) {
  return {
    /** Starts (or resumes) the player's verification: the applicant and the hosted page's URL. */
    async start(tab: typeof fetch) {
      const made = await post(tab, 'sumsub/createApplicant');
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const token = await post(tab, 'sumsub/getAccessToken', { externalActionId: 'profile' });
      expect(token.status, JSON.stringify(token.body)).toBe(200);
      const data = token.body.data as { token: string; url: string };
      expect(data.url).toBe(`/kyc/sandbox/sdk/${data.token}`);
      return { ...data, applicantId: (made.body.data as { applicant_id: string }).applicant_id };
    },
    /** A step of the hosted page, posted as its multipart form is. */
    upload(
      url: string,
      step: 'document' | 'selfie',
      files: { name: string; bytes: Buffer }[],
      fields: Record<string, string> = {},
    ) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      for (const file of files) {
        form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
      }
      return fetch(`${server.url}${url}/${step}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
    },
    submit(url: string, action = 'submit') {
      return fetch(`${server.url}${url}/submit`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action }),
      });
    },
  };
}

/** The provider's signed webhook, sent to this site as the provider sends it. */
export function kycWebhook(server: TestServer, secret: string, body: object, at = new Date()) {
  const raw = JSON.stringify(body);
  return fetch(`${server.url}/kyc/sandbox/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sandbox-signature': signWebhook(secret, raw, at),
    },
    body: raw,
  });
}

/** A provider event about a player's applicant: pending, or reviewed with each document's answer. */
export const kycEvent = (
  id: string,
  applicantId: string,
  playerId: number,
  type: 'applicantPending' | 'applicantReviewed',
  answers: { IDENTITY: 'GREEN' | 'RED' | null; SELFIE: 'GREEN' | 'RED' | null },
) => ({
  id,
  type,
  applicantId,
  externalUserId: `player-${playerId}`,
  reviewResult:
    type === 'applicantReviewed'
      ? {
          reviewAnswer:
            answers.IDENTITY === 'GREEN' && answers.SELFIE === 'GREEN' ? 'GREEN' : 'RED',
        }
      : null,
  documents: [
    {
      idDocSetType: 'IDENTITY',
      idDocType: 'PASSPORT',
      reviewAnswer: answers.IDENTITY,
      rejectLabels: answers.IDENTITY === 'RED' ? ['DOCUMENT_DAMAGED'] : [],
    },
    {
      idDocSetType: 'SELFIE',
      idDocType: 'SELFIE',
      reviewAnswer: answers.SELFIE,
      rejectLabels: answers.SELFIE === 'RED' ? ['SELFIE_MISMATCH'] : [],
    },
  ],
});
