import { domain, type DomainPlugin } from '../lib/domain.ts';
import { isUploadForm, MAX_FILE_BYTES, readUploadForm, sniffMedia } from '../content/index.ts';
import {
  loadKycSandboxSecret,
  registerKycSandboxPages,
  SandboxKycProvider,
  startKycWebhookWorker,
  type KycProvider,
  type UploadChecks,
} from '../providers/kyc/index.ts';
import { configureKycProviders } from './service.ts';
import { registerKycWebhooks } from './webhooks.ts';

/**
 * The kyc domain's door (issue #25: identity verification). It owns `kyc_applicants`,
 * `kyc_documents` and `kyc_webhook_events` (./schema.ts); modules/sumsub, modules/account and
 * payments/ use it through these operations only.
 */
export {
  accessTokenFor,
  applicantStatus,
  assertKycAllowsWithdrawal,
  checklist,
  configureKycProviders,
  ensureApplicant,
  externalUserId,
  kycProviders,
  KYC_LEVEL,
  KYC_TOKEN_TTL_S,
  markOnVerification,
  staffApplicants,
  staffDecideDocument,
  staffSetKycBlock,
  verificationOf,
  type ChecklistItem,
} from './service.ts';

/** The platform's upload checks (content/'s uploads), as the sandbox page uses them. */
export const KYC_UPLOAD_CHECKS: UploadChecks = {
  maxFileBytes: MAX_FILE_BYTES,
  readForm: readUploadForm,
  formFiles: (body) => (isUploadForm(body) ? { files: body.files, fields: body.fields } : null),
  inspect: sniffMedia,
};

/**
 * The webhook route always; with `sandbox` (demo mode's sandbox providers, demo/mode.ts, as the
 * payment sandbox) the sandbox KYC provider, its hosted page and its webhook delivery. A
 * production start has no KYC provider until a real one is configured: createApplicant then
 * answers ApplicationUnavailable.
 */
export const kycDomain = (options: { sandbox: boolean }): DomainPlugin =>
  domain('kyc', (server, app) => {
    const providers = new Map<string, KycProvider>();
    configureKycProviders(app, providers);
    registerKycWebhooks(server, app);
    if (!options.sandbox) return;
    const sandbox = new SandboxKycProvider(app, loadKycSandboxSecret(app.config.dataDir));
    providers.set(sandbox.id, sandbox);
    registerKycSandboxPages(server, sandbox, KYC_UPLOAD_CHECKS);
    const worker = startKycWebhookWorker(sandbox);
    server.addHook('onClose', () => worker.stop());
  });
