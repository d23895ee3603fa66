import { describe, expect, it, vi } from 'vitest';
import {
  ATTACHMENTS_PATH,
  fileSize,
  MAX_ATTACHMENT_BYTES,
  UploadError,
  uploadAttachment,
} from './chat-upload.ts';

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const file = (size = 10, name = 'receipt.pdf') =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('a file for the chat', () => {
  it('goes as multipart `files` with the marker header, and answers its id', async () => {
    const uploaded = {
      id: 5,
      name: 'receipt.pdf',
      content_type: 'application/pdf',
      size: 10,
      url: '/platform/chat/attachments/5',
    };
    const send = vi.fn((..._args: Parameters<typeof fetch>) => answer(200, { data: uploaded }));
    await expect(uploadAttachment(file(), send)).resolves.toEqual(uploaded);
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe(ATTACHMENTS_PATH);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-App-Client']).toMatch(/^web\/\d/);
    expect((init?.body as FormData).get('files')).toBeInstanceOf(File);
  });

  it('refuses a file over the platform’s limit before sending it', async () => {
    const send = vi.fn();
    const error = await uploadAttachment(file(MAX_ATTACHMENT_BYTES + 1), send).catch((e) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error.problem).toBe('too_big');
    expect(send).not.toHaveBeenCalled();
  });

  it.each([
    [400, { error: { invalid_parameters: { files: ['wrong_file_type'] } } }, 'wrong_type'],
    [429, { error: { type: 'TooManyRequestsException' } }, 'too_many'],
    [413, null, 'too_big'],
    [500, null, 'failed'],
  ])('says why the platform refused it (%i)', async (status, body, problem) => {
    const error = await uploadAttachment(file(), () => answer(status, body)).catch((e) => e);
    expect(error.problem).toBe(problem);
  });

  it('says it failed when the network does', async () => {
    const error = await uploadAttachment(file(), () =>
      Promise.reject(new TypeError('offline')),
    ).catch((e) => e);
    expect(error.problem).toBe('failed');
  });

  it('writes sizes as people read them, in the page’s locale', () => {
    expect(fileSize(900, 'en-US')).toBe('900 B');
    expect(fileSize(1536, 'en-US')).toBe('1.5 KB');
    expect(fileSize(340 * 1024, 'en-US')).toBe('340 KB');
    expect(fileSize(1.25 * 1024 * 1024, 'es-ES')).toBe('1,3 MB');
  });
});
