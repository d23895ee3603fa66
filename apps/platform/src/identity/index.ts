/**
 * Identity's door (architecture.md): players, staff roles, sessions, passwords, one-time codes,
 * two-factor, rate limits, content-backend tokens and the one sign-in service every door calls.
 * Other domains import from here only.
 */
export {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  consumeCode,
  issueCode,
  RESEND_AFTER_S,
  resendWait,
  type CodePurpose,
} from './codes.ts';
export { bearerPlayer, issueJwt, JWT_TTL_S } from './jwt.ts';
export { addSessionCheck, addSignInCheck, type SessionCheck, type SignInCheck } from './guards.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export {
  confirmedContact,
  contactsOf,
  findPlayer,
  findPlayerBySignIn,
  normaliseContact,
  type Player,
} from './players.ts';
export {
  assertBelow,
  AUTH_WINDOW_MS,
  clear,
  consume,
  record,
  refund,
  type Limit,
} from './rate-limit.ts';
export { createPlayer, type NewContact, type NewPlayer } from './registration.ts';
export {
  confirmAuthenticator,
  hasAuthenticator,
  recoveryCodesLeft,
  removeAuthenticator,
  startAuthenticator,
  verifyAuthenticatorCode,
  type AuthenticatorSetup,
} from './authenticator.ts';
export {
  endSession,
  liveSessions,
  revokePlayerSession,
  type LiveSession,
  resolveSession,
  revokeAllSessions,
  secureCookies,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  startSession,
  syncSessionHint,
} from './sessions.ts';
export {
  endStaffSession,
  resolveStaffSession,
  revokeStaffSessions,
  STAFF_COOKIE,
  STAFF_IDLE_S,
  STAFF_MAX_AGE_S,
  staffRolesOf,
  staffSignIn,
  type StaffMember,
} from './staff.ts';
export {
  createStaffAccount,
  listStaff,
  resetStaffTwoFactor,
  setStaffBlocked,
  setStaffRoles,
  type StaffAccount,
} from './staff-accounts.ts';
export {
  addPlayerNote,
  playerAccount,
  searchPlayers,
  setPlayerBlocked,
  type PlayerAccount,
  type PlayerNote,
  type PlayerRow,
} from './staff-players.ts';
export {
  accountKey,
  assertMaySignIn,
  budgets,
  checkCurrentPassword,
  completeSignIn,
  passwordSignIn,
  signUpBudgets,
  SIGN_UPS_PER_ADDRESS,
  SIGN_UP_FAILURES_PER_ADDRESS,
  withSignUpBudget,
  sendCode,
  wrongCredentials,
  type SignInDoor,
  type SignInOutcome,
} from './sign-in.ts';
export {
  finishSocialFlow,
  providerError,
  SOCIAL_STATE_TTL_S,
  startSocialFlow,
  type SocialFlow,
  type SocialFlowKind,
  type TypeAuth,
} from './social-flow.ts';
export { exchangeSocialCode, socialSignIn, type SocialSignIn } from './social-sign-in.ts';
export {
  pendingTwoFactor,
  readPendingTwoFactor,
  clearPendingTwoFactor,
} from './two-factor-pending.ts';
// Issue #23: the `players` and `contacts` tables are identity's (./schema.ts); other domains read
// and change them through these operations.
export {
  fakenameOwner,
  playerById,
  lockPlayer,
  publicNamesOf,
  setPassword,
  setVerificationFlags,
  updateProfile,
  type ProfileChanges,
} from './profile.ts';
export {
  addContact,
  findContact,
  markContactConfirmed,
  playerContact,
  setContactSubscription,
  unsubscribePlayer,
  type Contact,
} from './contacts.ts';
export { onPlayerCreated, type SignUpStep } from './registration.ts';
export {
  emptyProfileFields,
  hasConfirmedContact,
  isProfileField,
  paymentAccount,
  playerStanding,
  type PaymentAccount,
} from './lookups-for-payments.ts';
export {
  ensureSeedAccount,
  ensureSeedAuthenticator,
  fillEmptyProfile,
  type SeedAccount,
} from './seed-accounts.ts';
