import type { ComponentType } from 'react';
import type { ChatProviderConfig, ChatProviderName } from '../chat-settings.ts';

/** A signed-in player as a chat provider is told of them (§4: updated on registration and sign-in). */
export interface ChatPlayer {
  /** The account's uid, as a string (providers take external ids as strings). */
  id: string;
  /** First and last name, else the nickname, else null. */
  name: string | null;
  email: string | null;
}

/** A message of the conversation, as `chat/storeChatEvent` records it (§3 chat event). */
export interface ChatMessageEvent {
  /** The provider's own conversation (or session) id; `current` when its API names none. */
  conversationId: string;
  text: string;
  /** `sent` by the player, `received` from support. */
  event: 'sent' | 'received';
}

/** What an adapter is given: its provider's config and the page's side of things. */
export interface ChatContext {
  config: ChatProviderConfig;
  /** The page's locale (`es-ES`); a provider without `lang` in its config speaks this. */
  locale: string;
  /**
   * Records a message (`chat/storeChatEvent`, players only: §6 chat events require sign-in).
   * Called where the provider's JS API tells of messages; never throws.
   */
  record: (event: ChatMessageEvent) => void;
}

/**
 * One chat provider behind one interface (§9 seven providers and ours). The live-chat slot
 * (live-chat.tsx) makes one per page and drives it: §4 live chat is not loaded, then loaded, its
 * badge shown or hidden, and updated on registration, sign-in and sign-out.
 */
export interface ChatAdapter {
  readonly provider: ChatProviderName;
  /**
   * Loads the provider's script (once a page, whatever calls it) and starts its widget for
   * `player` (null: a visitor), its badge as `setBadgeVisible` last said (shown unless told).
   * Rejects when the script does not load: the slot logs it and nothing else (§8 soft failure).
   */
  start(player: ChatPlayer | null): Promise<void>;
  /** §4 the session changed: a player signed up or in, or signed out (null). */
  setPlayer(player: ChatPlayer | null): void;
  /** §2 the badge: hidden on betting and game pages, shown elsewhere. */
  setBadgeVisible(visible: boolean): void;
  /** Opens the conversation (the support page's "Start a chat"). */
  open(): void;
  /** Drawn by the slot when the provider is ours (the built-in widget); the others draw themselves. */
  readonly Widget?: ComponentType;
}

/** Makes the adapter for a config; null when the config lacks what the provider needs. */
export type ChatAdapterFactory = (context: ChatContext) => ChatAdapter | null;

/** A config value that must be there: the first of `fields` that is. */
export function required(
  config: ChatProviderConfig,
  ...fields: (keyof ChatProviderConfig)[]
): string | null {
  for (const field of fields) {
    const value = config[field];
    if (value) return value;
  }
  return null;
}

/** The two-letter language most providers take (`es-ES` → `es`), from `lang` or the page's locale. */
export function languageOf(context: ChatContext): string {
  return (context.config.lang ?? context.locale).split(/[-_]/)[0]!.toLowerCase();
}

/** A provider's window globals, read and written without `any` (the provider's boundary). */
export function providerWindow<T extends object>(): T & Window {
  return window as unknown as T & Window;
}
