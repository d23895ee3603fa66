/**
 * Loyalty's door (issue #23): characters and players' loyalty accounts. Its tables are declared in
 * ./schema.ts and read only here; the API's loyalty methods (modules/loyalty) and the sign-up call
 * these operations.
 */
export {
  characterById,
  characterPage,
  ensureCharacter,
  loyaltyAccountOf,
  openLoyaltyAccount,
  type Character,
  type LoyaltyAccount,
} from './accounts.ts';
