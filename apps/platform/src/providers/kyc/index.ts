/**
 * KYC providers (architecture.md providers/): one interface (types.ts) and the sandbox that
 * behaves like Sumsub (sandbox/), registered by the kyc domain in demo mode only.
 */
export type {
  ImageCheck,
  KycDocumentResult,
  KycEvent,
  KycProvider,
  UploadChecks,
} from './types.ts';
export {
  KYC_SANDBOX_ID,
  loadKycSandboxSecret,
  missingImages,
  sandboxReview,
  SandboxKycProvider,
} from './sandbox/provider.ts';
export { registerKycSandboxPages } from './sandbox/pages.ts';
export { deliverDueKycWebhooks, startKycWebhookWorker } from './sandbox/worker.ts';
