import { domain } from '../../lib/domain.ts';
import { registerWalletApi } from './routes.ts';

/** The seamless wallet game providers call (`/wallet/v1`, README.md). */
export const seamlessWalletDomain = domain('seamless-wallet', registerWalletApi);

export {
  BUILT_IN_PROVIDER,
  builtInPrivateKey,
  loadWalletProviders,
  signBody,
  verifyBody,
  type ProviderGame,
  type WalletProvider,
} from './providers.ts';
export {
  openGameSession,
  SESSION_TTL_MS,
  STATUS,
  walletBalance,
  walletTransaction,
  type GameSession,
  type WalletAnswer,
  type WalletStatus,
} from './service.ts';
