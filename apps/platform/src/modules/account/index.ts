import { accountHandlers as profileHandlers } from './handlers.ts';
import { responsibleGamingHandlers } from './responsible-gaming.ts';
import { securityHandlers } from './security.ts';
import { verificationHandlers } from './verification.ts';

export { depositLimitView } from './responsible-gaming.ts';

export const accountHandlers = {
  ...profileHandlers,
  ...responsibleGamingHandlers,
  ...securityHandlers,
  ...verificationHandlers,
};
