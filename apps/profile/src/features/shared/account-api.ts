import type { MethodRef } from '@northstar/api-client/transport';
import type { ParamsOf, ResponseOf } from '@northstar/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The profile remote's `/api` calls, through the page's one transport (shell-sdk's `pageApi`),
 * typed by the contract (only refs are bundled, never its schemas; the server checks every call).
 * Shared by the settings and notifications pages.
 */
export const profileApi = pageApi;

const ref = methodRef;

export const PROFILE_METHODS = {
  getInfo: ref('account', 'getInfo'),
  getprofileinfo: ref('account', 'getprofileinfo'),
  getPersonalDataFields: ref('account', 'getPersonalDataFields'),
  saveProfileInfo: ref('account', 'saveProfileInfo'),
  addcontact: ref('account', 'addcontact'),
  sendconfirmationtocontact: ref('account', 'sendconfirmationtocontact'),
  confirmContact: ref('account', 'confirmContact'),
  changefakename: ref('account', 'changefakename'),
  setCurrency: ref('account', 'setCurrency'),
  changelocale: ref('account', 'changelocale'),
  changeSubscription: ref('account', 'changeSubscription'),
  getMarketingConsent: ref('account', 'getMarketingConsent'),
  setMarketingConsent: ref('account', 'setMarketingConsent'),
  getgeneralinfo: ref('metadata', 'getgeneralinfo'),
};

type Methods = typeof PROFILE_METHODS;
type DefinitionOf<K extends keyof Methods> = Methods[K] extends MethodRef<infer M> ? M : never;
export type ProfileResponse<K extends keyof Methods> = ResponseOf<DefinitionOf<K>>;
export type ProfileParams<K extends keyof Methods> = ParamsOf<DefinitionOf<K>>;

export type AccountInfo = ProfileResponse<'getInfo'>;
export type ProfileInfo = ProfileResponse<'getprofileinfo'>;
export type Contact = NonNullable<ProfileInfo['contacts']>[number];
export type MarketingConsent = ProfileResponse<'getMarketingConsent'>[number];

/** The key of a method's answer, as the shell keys its start-up calls (`apiQueryKey`). */
export function profileKey<K extends keyof Methods>(
  method: K,
  params: Record<string, unknown> = {},
): readonly unknown[] {
  const definition = PROFILE_METHODS[method];
  return apiQueryKey(definition.module, definition.method, params);
}

/** The profile with contacts and document: the same key the shell's start-up fills (§7). */
const PROFILE_PARAMS = { fields: 'contacts,document' } as const;

export function useAccountInfo() {
  return useQuery({
    queryKey: profileKey('getInfo'),
    queryFn: () => profileApi.send(PROFILE_METHODS.getInfo),
  });
}

export function useProfileInfo() {
  return useQuery({
    queryKey: profileKey('getprofileinfo', PROFILE_PARAMS),
    queryFn: () => profileApi.send(PROFILE_METHODS.getprofileinfo, PROFILE_PARAMS),
  });
}

export function useGeneralInfo() {
  return useQuery({
    queryKey: profileKey('getgeneralinfo'),
    queryFn: () => profileApi.send(PROFILE_METHODS.getgeneralinfo),
    staleTime: 5 * 60_000,
  });
}

/** After a change of the player's data: the profile and account info are read again. */
export async function refreshPlayer(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKey('getprofileinfo').slice(0, 3) }),
    queryClient.invalidateQueries({ queryKey: profileKey('getInfo').slice(0, 3) }),
  ]);
}
