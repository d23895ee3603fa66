/**
 * §3 Support settings (`support/getsettings`): `chat` names the active provider and `config`
 * holds a config object per provider (id, license, src, widget_id, lang). §9: seven script-loaded
 * providers, and our own (`northstar`, the platform's chat domain); chat integration is skipped
 * when the active provider's config is empty. Pure: no browser, no React.
 */

/** The providers the shell has an adapter for (adapters/), by the name `chat` gives. */
export const CHAT_PROVIDERS = [
  'northstar',
  'livechat',
  'intercom',
  'zendesk',
  'tawk',
  'crisp',
  'jivo',
  'freshchat',
] as const;
export type ChatProviderName = (typeof CHAT_PROVIDERS)[number];

/** §3 one provider's config: each field optional, only strings kept. */
export interface ChatProviderConfig {
  id?: string;
  license?: string;
  src?: string;
  widget_id?: string;
  lang?: string;
}

export interface SupportSettings {
  chat: string | null;
  config: Record<string, Record<string, unknown>>;
}

export interface ActiveChat {
  provider: ChatProviderName;
  config: ChatProviderConfig;
}

const FIELDS = ['id', 'license', 'src', 'widget_id', 'lang'] as const;

function isProvider(name: string): name is ChatProviderName {
  return (CHAT_PROVIDERS as readonly string[]).includes(name);
}

/**
 * The chat to start, or null: no provider named, one the shell has no adapter for (logged: an
 * operator's typo must be findable), or its config empty (§9: skipped). Names are matched without
 * regard to case and surrounding spaces; `tawk.to` is `tawk`.
 */
export function activeChat(settings: SupportSettings | null | undefined): ActiveChat | null {
  const named = settings?.chat?.trim().toLowerCase().replace(/\.to$/, '');
  if (!named) return null;
  if (!isProvider(named)) {
    console.warn('[chat] no adapter for the support settings’ chat provider', settings?.chat);
    return null;
  }
  const raw =
    settings?.config[named] ??
    Object.entries(settings?.config ?? {}).find(
      ([key]) => key.trim().toLowerCase().replace(/\.to$/, '') === named,
    )?.[1];
  const config: ChatProviderConfig = {};
  for (const field of FIELDS) {
    const value = raw?.[field];
    if (typeof value === 'string' && value.trim() !== '') config[field] = value.trim();
  }
  return Object.keys(config).length > 0 ? { provider: named, config } : null;
}
