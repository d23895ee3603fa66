import type { ChatProviderName } from '../chat-settings.ts';
import { northstar } from './northstar.ts';
import type { ChatAdapterFactory } from './types.ts';

/** The script-loaded providers' chunk: downloaded only when one of them is the active chat. */
const thirdParty = () => import('./third-party.ts');

/**
 * Each provider's adapter, as the live-chat slot asks for it once the page has loaded. Ours is
 * part of the slot's chunk (the demo's chat, a button's worth of code); the seven script-loaded
 * ones come together in a chunk of their own, only where one of them is configured.
 */
export const ADAPTERS: Record<ChatProviderName, () => Promise<ChatAdapterFactory>> = {
  northstar: () => Promise.resolve(northstar),
  livechat: () => thirdParty().then((m) => m.liveChat),
  intercom: () => thirdParty().then((m) => m.intercom),
  zendesk: () => thirdParty().then((m) => m.zendesk),
  tawk: () => thirdParty().then((m) => m.tawk),
  crisp: () => thirdParty().then((m) => m.crisp),
  jivo: () => thirdParty().then((m) => m.jivo),
  freshchat: () => thirdParty().then((m) => m.freshchat),
};
