import type { MethodRef } from '@northstar/api-client/transport';
import type { ResponseOf } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The verification page's `/api` calls (issue #25; §7 Sumsub, account/setUserOnVerification)
 * through the page's one transport: refs only, typed by the contract.
 */
export const verificationApi = pageApi;

export const VERIFICATION_METHODS = {
  getVerification: methodRef('sumsub', 'getVerification'),
  createApplicant: methodRef('sumsub', 'createApplicant'),
  getAccessToken: methodRef('sumsub', 'getAccessToken'),
  setUserOnVerification: methodRef('account', 'setUserOnVerification'),
};

type DefinitionOf<R> = R extends MethodRef<infer M> ? M : never;
export type Verification = ResponseOf<DefinitionOf<typeof VERIFICATION_METHODS.getVerification>>;
export type ChecklistItem = Verification['documents'][number];

export const verificationKey = () => apiQueryKey('sumsub', 'getVerification', {});
/** The account's flags (`is_verified`, `is_on_verification`) change with the review too. */
export const accountInfoKey = () => apiQueryKey('account', 'getInfo', {});
