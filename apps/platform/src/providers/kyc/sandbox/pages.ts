import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@northstar/errors';
import { escapeHtml } from '../../../lib/html.ts';
import { isRecord } from '../../../lib/input.ts';
import type { UploadChecks } from '../types.ts';
import {
  missingImages,
  type SandboxApplicant,
  type SandboxImage,
  type SandboxKycProvider,
} from './provider.ts';

/**
 * The sandbox provider's hosted page, as Sumsub's WebSDK is: the SumsubPopup frames
 * `/kyc/sandbox/sdk/{token}`, where the player chooses the identity document's type, uploads
 * its front (and back, except a passport's single page), then a selfie, and submits. Every file
 * goes through the platform's upload checks (the bounded multipart reader and the by-bytes sniff
 * of content/'s uploads): only JPEG, PNG or WebP images, at most `maxFileBytes`.
 *
 * The page talks to its parent only by `postMessage` to one origin, the site's (the request's
 * own origin: the sandbox is served by the site itself); the site accepts messages only from the
 * page's origin (the profile's SumsubPopup). It is framable by the site alone
 * (`frame-ancestors 'self'`). The page is the provider's, and speaks English, as the sandbox
 * payment page does.
 */

const DOCUMENT_TYPES: Record<string, string> = {
  PASSPORT: 'Passport',
  ID_CARD: 'Identity card',
  DRIVERS: 'Driving licence',
};
const IMAGE_MIME = new Set(['image/png', 'image/jpeg', 'image/webp']);

type Errors = Partial<Record<'doc_type' | 'front' | 'back' | 'selfie' | 'form', string>>;

const FILE_MESSAGES: Record<string, string> = {
  wrong_file_type: 'This file is not a JPEG, PNG or WebP image.',
  unsafe_svg: 'This file is not a JPEG, PNG or WebP image.',
  file_too_large: 'This file is too large.',
};

/** A form part for a file input the player left empty: no name, no bytes. */
const chosen = (file: { filename: string; bytes: Buffer } | undefined) =>
  file !== undefined && (file.filename !== '' || file.bytes.length > 0) ? file : undefined;

export function registerKycSandboxPages(
  server: FastifyInstance,
  provider: SandboxKycProvider,
  uploads: UploadChecks,
) {
  const load = async (token: string): Promise<SandboxApplicant> => {
    const applicant = await provider.fromToken(token);
    if (!applicant) throw new ApiError('AccessDenied', 'This verification link has expired');
    return applicant;
  };
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const back = (reply: FastifyReply, token: string) =>
    reply.redirect(`/kyc/sandbox/sdk/${token}`, 303);

  server.get('/kyc/sandbox/sdk.js', async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .type('text/javascript; charset=utf-8')
      .send(SDK_SCRIPT),
  );

  server.get<{ Params: { token: string } }>('/kyc/sandbox/sdk/:token', async (request, reply) => {
    const applicant = await provider.fromToken(request.params.token);
    if (!applicant) return send(reply, 403, expiredPage(origin(request)));
    const images = await provider.images(applicant.id);
    return send(reply, 200, page(applicant, images, request.params.token, origin(request)));
  });

  // The upload steps: their own scope, where multipart bodies are read by the platform's upload
  // reader (limits, files kept in memory) instead of the server-wide parser, which takes no files.
  void server.register(async (scope) => {
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(
      'multipart/form-data',
      (request: FastifyRequest, payload: IncomingMessage) =>
        // A refused body (too large, malformed) becomes the page's message, not a JSON error.
        uploads.readForm(payload, request.headers).catch((error: unknown) => ({ failed: error })),
    );

    const step = async (
      request: FastifyRequest<{ Params: { token: string } }>,
      reply: FastifyReply,
      handle: (
        applicant: SandboxApplicant,
        form: { files: { filename: string; bytes: Buffer }[]; fields: Map<string, string[]> },
      ) => Promise<Errors>,
    ) => {
      const applicant = await load(request.params.token);
      const images = await provider.images(applicant.id);
      const render = (status: number, errors: Errors) =>
        send(reply, status, page(applicant, images, request.params.token, origin(request), errors));
      if (applicant.status !== 'init')
        return render(409, { form: 'These documents were already submitted.' });
      const body = request.body;
      if (isRecord(body) && 'failed' in body) {
        const failed = body.failed;
        const tooLarge =
          failed instanceof ApiError &&
          (failed.status === 413 || JSON.stringify(failed.toBody()).includes('file_too_large'));
        return render(tooLarge ? 413 : 400, {
          form: tooLarge
            ? FILE_MESSAGES.file_too_large!
            : 'The upload could not be read. Try again.',
        });
      }
      const form = uploads.formFiles(body);
      if (!form) return render(400, { form: 'Send the form with its files.' });
      const errors = await handle(applicant, form);
      if (Object.keys(errors).length > 0) return render(400, errors);
      return back(reply, request.params.token);
    };

    /** Checks one uploaded file by its bytes; answers the image or the field's message. */
    const checkImage = async (file: { filename: string; bytes: Buffer }) => {
      if (file.bytes.length > uploads.maxFileBytes) return { error: FILE_MESSAGES.file_too_large! };
      const result = await uploads.inspect(file.bytes);
      if (!result.ok || !IMAGE_MIME.has(result.mime))
        return { error: FILE_MESSAGES.wrong_file_type! };
      return { image: result };
    };

    scope.post<{ Params: { token: string } }>(
      '/kyc/sandbox/sdk/:token/document',
      { bodyLimit: 3 * 6 * 1024 * 1024 },
      (request, reply) =>
        step(request, reply, async (applicant, form) => {
          const errors: Errors = {};
          const docType = form.fields.get('doc_type')?.[0] ?? '';
          if (!(docType in DOCUMENT_TYPES)) errors.doc_type = 'Choose the type of your document.';
          const [frontPart, backPart] = [chosen(form.files[0]), chosen(form.files[1])];
          const front = frontPart
            ? await checkImage(frontPart)
            : { error: 'Upload the front of your document.' };
          if (front.error) errors.front = front.error;
          const needsBack = docType !== 'PASSPORT';
          const backSide = backPart
            ? await checkImage(backPart)
            : needsBack
              ? { error: 'Upload the back of your document.' }
              : null;
          if (backSide?.error) errors.back = backSide.error;
          if (Object.keys(errors).length > 0) return errors;
          const sides: [
            string,
            { filename: string; bytes: Buffer },
            NonNullable<typeof front.image>,
          ][] = [['FRONT', frontPart!, front.image!]];
          if (needsBack && backPart && backSide?.image)
            sides.push(['BACK', backPart, backSide.image]);
          for (const [side, part, image] of sides) {
            await provider.keepImage(applicant.id, {
              docSet: 'IDENTITY',
              docType,
              side,
              fileName: part.filename,
              bytes: part.bytes,
              mime: image.mime,
              width: image.width,
              height: image.height,
            });
          }
          return {};
        }),
    );

    scope.post<{ Params: { token: string } }>(
      '/kyc/sandbox/sdk/:token/selfie',
      { bodyLimit: 2 * 6 * 1024 * 1024 },
      (request, reply) =>
        step(request, reply, async (applicant, form) => {
          const part = chosen(form.files[0]);
          const checked = part ? await checkImage(part) : { error: 'Upload a selfie.' };
          if (checked.error || !part || !checked.image)
            return { selfie: checked.error ?? 'Upload a selfie.' };
          await provider.keepImage(applicant.id, {
            docSet: 'SELFIE',
            docType: 'SELFIE',
            side: 'FACE',
            fileName: part.filename,
            bytes: part.bytes,
            mime: checked.image.mime,
            width: checked.image.width,
            height: checked.image.height,
          });
          return {};
        }),
    );
  });

  server.post<{ Params: { token: string } }>(
    '/kyc/sandbox/sdk/:token/submit',
    async (request, reply) => {
      const applicant = await load(request.params.token);
      const body = isRecord(request.body) ? request.body : {};
      if (body.action === 'change') {
        // Back to the document step: the uploads so far are replaced by the next ones.
        if (applicant.status === 'init') await provider.restartUploads(applicant.id);
        return back(reply, request.params.token);
      }
      if (applicant.status === 'completed' && applicant.review_answer === 'RED') {
        await provider.restart(applicant.id);
        return back(reply, request.params.token);
      }
      const submitted = await provider.submit(applicant.id);
      if (!submitted && applicant.status === 'init') {
        const images = await provider.images(applicant.id);
        return send(
          reply,
          400,
          page(applicant, images, request.params.token, origin(request), {
            form: 'Upload every document before you submit.',
          }),
        );
      }
      return back(reply, request.params.token);
    },
  );
}

function send(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // Framed by the site only (the SumsubPopup); never by anyone else.
      .header('x-frame-options', 'SAMEORIGIN')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'self'; base-uri 'none'",
      )
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/**
 * The page's only script: it tells the framing site the applicant's state, by `postMessage` to
 * the site's origin alone (from the page's `data-parent-origin`), so the site refreshes its
 * checklist; nothing else leaves the frame.
 */
const SDK_SCRIPT = `(function () {
  var body = document.body;
  var origin = body.getAttribute('data-parent-origin');
  var status = body.getAttribute('data-status');
  if (!origin || window.parent === window) return;
  window.parent.postMessage({ source: 'kyc-sandbox', type: 'status', status: status }, origin);
})();
`;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6fb;color:#172033}
main{max-width:520px;margin:0 auto;padding:20px 16px}
.brand{display:flex;justify-content:space-between;align-items:center;margin-bottom:12px;font-weight:700}
.badge{font-size:12px;background:#fff4d6;color:#6b4b00;border-radius:999px;padding:2px 10px}
h1{font-size:22px;margin:0 0 4px}.muted{color:#4d5566;font-size:14px;margin:0 0 16px}
fieldset{border:1px solid #c4cad6;border-radius:10px;padding:12px 14px;margin:0 0 16px}
legend{font-weight:600;padding:0 4px}
.choice{display:flex;gap:8px;align-items:center;margin:6px 0}
label.file{display:block;font-weight:600;font-size:15px;margin:16px 0 6px}
input[type=file]{width:100%;font:inherit;padding:10px;border:1px dashed #8b93a5;border-radius:8px;background:#fff}
input:focus-visible,button:focus-visible{outline:3px solid #2f5fd0;outline-offset:2px}
.hint{font-size:13px;color:#4d5566;margin:4px 0 0}
.error{color:#a4161a;font-size:14px;margin:6px 0 0}
button{font:inherit;font-weight:700;border:0;border-radius:8px;padding:12px 16px;cursor:pointer;width:100%;margin-top:20px}
.primary{background:#2f5fd0;color:#fff}.secondary{background:transparent;color:#2f5fd0;margin-top:8px;text-decoration:underline}
ol.steps{display:flex;gap:8px;list-style:none;padding:0;margin:0 0 16px;font-size:13px}
ol.steps li{flex:1;border-top:4px solid #c4cad6;padding-top:4px;color:#4d5566}
ol.steps li[aria-current=step]{border-color:#2f5fd0;color:#172033;font-weight:700}
ol.steps li.done{border-color:#1b7f3b}
ul.summary{padding-left:20px}
`;

function layout(title: string, origin: string, status: string, content: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><style>${STYLE}</style><script src="/kyc/sandbox/sdk.js" defer></script></head><body data-parent-origin="${escapeHtml(origin)}" data-status="${escapeHtml(status)}"><main><div class="brand"><span>Sandbox ID Check</span><span class="badge">Test mode</span></div>${content}</main></body></html>`;
}

function steps(current: 1 | 2 | 3) {
  const names = ['Document', 'Selfie', 'Submit'];
  return `<ol class="steps" aria-label="Steps">${names
    .map(
      (name, index) =>
        `<li${index + 1 === current ? ' aria-current="step"' : ''}${index + 1 < current ? ' class="done"' : ''}>${index + 1}. ${name}</li>`,
    )
    .join('')}</ol>`;
}

const errorText = (errors: Errors, key: keyof Errors) =>
  errors[key] ? `<p class="error" id="${key}-error">${escapeHtml(errors[key])}</p>` : '';
const invalid = (errors: Errors, key: keyof Errors) =>
  errors[key] ? ` aria-invalid="true" aria-describedby="${key}-error"` : '';
const formError = (errors: Errors) =>
  errors.form ? `<p class="error" role="alert">${escapeHtml(errors.form)}</p>` : '';

function page(
  applicant: SandboxApplicant,
  images: SandboxImage[],
  token: string,
  origin: string,
  errors: Errors = {},
): string {
  const action = (path: string) => `/kyc/sandbox/sdk/${escapeHtml(token)}/${path}`;
  if (applicant.status === 'pending') {
    return layout(
      'Under review',
      origin,
      'pending',
      `<h1>Thank you</h1><p role="status">Your documents were submitted and are being reviewed. You can close this window: the site updates when the review is done.</p>`,
    );
  }
  if (applicant.status === 'completed') {
    const green = applicant.review_answer === 'GREEN';
    return layout(
      green ? 'Verified' : 'Review complete',
      origin,
      green ? 'approved' : 'rejected',
      green
        ? `<h1>You are verified</h1><p role="status">Your identity was confirmed. You can close this window.</p>`
        : `<h1>Some documents were declined</h1><p role="status">The site shows which ones and why. Upload them again to retry.</p>
<form method="post" action="${action('submit')}"><button class="primary" type="submit" name="action" value="restart">Upload documents again</button></form>`,
    );
  }
  const missing = missingImages(images);
  if (missing.includes('IDENTITY')) {
    const checked = (type: string) =>
      images.find((i) => i.doc_set === 'IDENTITY')?.doc_type === type ? ' checked' : '';
    return layout(
      'Your identity document',
      origin,
      'init',
      `${steps(1)}<h1>Your identity document</h1><p class="muted">Clear photos of the whole document: JPEG, PNG or WebP images.</p>
${formError(errors)}
<form method="post" action="${action('document')}" enctype="multipart/form-data" novalidate>
<fieldset${invalid(errors, 'doc_type')}><legend>Document type</legend>
${Object.entries(DOCUMENT_TYPES)
  .map(
    ([value, label]) =>
      `<div class="choice"><input type="radio" id="doc-${value}" name="doc_type" value="${value}"${checked(value)} required><label for="doc-${value}">${label}</label></div>`,
  )
  .join('')}
${errorText(errors, 'doc_type')}</fieldset>
<label class="file" for="front">Front side</label>
<input type="file" id="front" name="files" accept="image/jpeg,image/png,image/webp" required${invalid(errors, 'front')}>
${errorText(errors, 'front')}
<label class="file" for="back">Back side</label>
<input type="file" id="back" name="files" accept="image/jpeg,image/png,image/webp" aria-describedby="back-hint${errors.back ? ' back-error' : ''}"${errors.back ? ' aria-invalid="true"' : ''}>
<p class="hint" id="back-hint">Needed for an identity card or a driving licence, not for a passport.</p>
${errorText(errors, 'back')}
<button class="primary" type="submit">Continue</button>
</form>`,
    );
  }
  if (missing.includes('SELFIE')) {
    return layout(
      'A selfie',
      origin,
      'init',
      `${steps(2)}<h1>A selfie</h1><p class="muted">A photo of your face, looking at the camera, in good light.</p>
${formError(errors)}
<form method="post" action="${action('selfie')}" enctype="multipart/form-data" novalidate>
<label class="file" for="selfie">Selfie</label>
<input type="file" id="selfie" name="files" accept="image/jpeg,image/png,image/webp" capture="user" required${invalid(errors, 'selfie')}>
${errorText(errors, 'selfie')}
<button class="primary" type="submit">Continue</button>
</form>
<form method="post" action="${action('submit')}"><button class="secondary" type="submit" name="action" value="change">Change the document</button></form>`,
    );
  }
  const identity = images.find((i) => i.doc_set === 'IDENTITY')!;
  return layout(
    'Submit for review',
    origin,
    'init',
    `${steps(3)}<h1>Submit for review</h1>${formError(errors)}
<ul class="summary"><li>${escapeHtml(DOCUMENT_TYPES[identity.doc_type] ?? identity.doc_type)}: ${images.filter((i) => i.doc_set === 'IDENTITY').length === 2 ? 'front and back' : 'front'}</li><li>Selfie</li></ul>
<form method="post" action="${action('submit')}">
<button class="primary" type="submit" name="action" value="submit">Submit for review</button>
<button class="secondary" type="submit" name="action" value="change">Start again</button>
</form>`,
  );
}

function expiredPage(origin: string) {
  return layout(
    'Link expired',
    origin,
    'expired',
    `<h1>This link has expired</h1><p>Close this window and start the verification again from the site.</p>`,
  );
}
