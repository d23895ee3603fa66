import type { MethodRef } from '@northstar/api-client/transport';
import type { InferOutput } from 'valibot';
import { useAtomValue } from 'jotai';
import type {
  character,
  loyaltyHistoryEntry,
  loyaltyInfo,
  loyaltyLevel,
  loyaltyProduct,
  loyaltyProgram,
  loyaltyPurchase,
  ResponseOf,
} from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi, sessionAtom } from '@northstar/shell-sdk';

/**
 * The loyalty pages' `/api` calls (§7 Loyalty, issue #27) through the page's one transport
 * (shell-sdk's `pageApi`). Only refs (module, name, verb) are bundled, never the schemas.
 */
export const loyaltyApi = pageApi;

export const LOYALTY_METHODS = {
  info: methodRef('loyalty', 'getinfo'),
  levels: methodRef('loyalty', 'getlevels'),
  characters: methodRef('loyalty', 'getcharacters'),
  setCharacter: methodRef('loyalty', 'setcharacter'),
  programs: methodRef('loyalty', 'getPrograms'),
  program: methodRef('loyalty', 'getProgram'),
  products: methodRef('loyalty', 'getproducts'),
  buy: methodRef('loyalty', 'buyproduct'),
};

type Methods = typeof LOYALTY_METHODS;
type DefinitionOf<K extends keyof Methods> = Methods[K] extends MethodRef<infer M> ? M : never;
export type LoyaltyResponse<K extends keyof Methods> = ResponseOf<DefinitionOf<K>>;

export type LoyaltyInfo = InferOutput<typeof loyaltyInfo>;
export type LoyaltyLevel = InferOutput<typeof loyaltyLevel>;
export type Character = InferOutput<typeof character>;
export type LoyaltyProgram = InferOutput<typeof loyaltyProgram>;
export type LoyaltyProduct = InferOutput<typeof loyaltyProduct>;
export type LoyaltyPurchase = InferOutput<typeof loyaltyPurchase>;
export type LoyaltyHistoryEntry = InferOutput<typeof loyaltyHistoryEntry>;

export interface ListOf<T> {
  items: T[];
  total: number;
}

/**
 * The react-query key of a loyalty method's answer (the shell's `apiQueryKey` scheme, so the
 * start-up's getinfo and getcharacters are the same cache entries). `viewer` is added to what a
 * signed-in player sees differently (progress, prices), so it is never shown to the next one.
 */
export function loyaltyKey(
  method: keyof Methods,
  params: Record<string, unknown> = {},
): readonly unknown[] {
  const ref = LOYALTY_METHODS[method];
  return apiQueryKey(ref.module, ref.method, params);
}

/** Every key of one method (any params), for invalidation. */
export function loyaltyKeyPrefix(method: keyof Methods): readonly unknown[] {
  return loyaltyKey(method).slice(0, 3);
}

/** The signed-in player's uid, 0 for a visitor, null while the session is not known yet. */
export function useViewer(): number | null {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'unknown') return null;
  return session.status === 'signed-in' ? session.user.uid : 0;
}
