import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  apiQueryKey,
  sessionAtom,
  useShellNavigation,
  type SessionUser,
} from '@northstar/shell-sdk';
import { SHELL_METHODS, shellApi } from '../session/shell-api.ts';
import { SUPPORT_METHODS, supportSettingsQuery } from './support-api.ts';
import { activeChat, type ActiveChat } from './chat-settings.ts';
import { chatBadgeHidden } from './chat-route.ts';
import { answerLiveChatRequests } from './chat-requests.ts';
import { ADAPTERS } from './adapters/index.ts';
import type { ChatAdapter, ChatMessageEvent, ChatPlayer } from './adapters/types.ts';

/** The profile the start-up asks for a player anyway (§7): the chat's name and e-mail come from it. */
const PROFILE_PARAMS = { fields: 'contacts,document' };

/** A signed-in player as the chat is told of them; their id alone when the profile does not come. */
export async function chatPlayerOf(client: QueryClient, user: SessionUser): Promise<ChatPlayer> {
  const fallback: ChatPlayer = {
    id: String(user.uid),
    name: user.fakename,
    email: user.login.includes('@') ? user.login : null,
  };
  try {
    const profile = await client.ensureQueryData({
      queryKey: apiQueryKey('account', 'getprofileinfo', PROFILE_PARAMS),
      queryFn: () => shellApi.send(SHELL_METHODS.getprofileinfo, PROFILE_PARAMS),
    });
    const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
    return {
      id: fallback.id,
      name: name || profile.fakename || fallback.name,
      email: profile.email || fallback.email,
    };
  } catch {
    return fallback;
  }
}

/** §6 chat events require sign-in: a visitor's messages are not recorded. */
function recorder(provider: string, signedIn: () => boolean) {
  return (event: ChatMessageEvent) => {
    if (!signedIn()) return;
    void shellApi
      .send(SUPPORT_METHODS.storeChatEvent, {
        channel_id: provider,
        conversation_id: event.conversationId.slice(0, 128) || 'current',
        text: event.text.slice(0, 4000),
        event: event.event,
      })
      .catch((error: unknown) => console.warn('[chat] the chat event was not recorded', error));
  };
}

/** The page's one chat, once started: the slot remounts with the layout, the chat does not. */
let started: Promise<ChatAdapter | null> | null = null;
let signedInNow = false;
/** The player (uid) the chat was last told of, so a remount does not tell it again. */
let toldUid: number | null | undefined;

/** §4 live chat: not loaded until this runs; loaded (its adapter) or null (none, or it failed). */
function startChat(
  client: QueryClient,
  locale: string,
  player: ChatPlayer | null,
): Promise<ChatAdapter | null> {
  started ??= (async () => {
    let chat: ActiveChat | null;
    try {
      chat = activeChat(await client.fetchQuery(supportSettingsQuery()));
    } catch (error) {
      console.warn('[chat] the support settings did not load', error);
      return null;
    }
    if (!chat) return null;
    const factory = await ADAPTERS[chat.provider]();
    const adapter = factory({
      config: chat.config,
      locale,
      record: recorder(chat.provider, () => signedInNow),
    });
    if (!adapter) {
      console.warn(`[chat] the ${chat.provider} config lacks what it needs`, chat.config);
      return null;
    }
    await adapter.start(player);
    return adapter;
  })().catch((error: unknown) => {
    // §8: chat scripts fail softly, logged only; the next page load tries again.
    console.warn('[chat] the live chat did not start', error);
    return null;
  });
  return started;
}

/**
 * The live chat (§2, §4, §9): once the page has loaded (after-load.tsx draws this), reads the
 * support settings and, when a provider is configured, starts its adapter with the player;
 * then tells it of every sign-up, sign-in and sign-out, shows its badge except on betting and
 * game pages, and answers the support page's "Start a chat". Our own provider's widget is drawn
 * here; the others draw themselves.
 */
export function LiveChat() {
  const session = useAtomValue(sessionAtom);
  const { pathname, locale } = useShellNavigation();
  const client = useQueryClient();
  const [adapter, setAdapter] = useState<ChatAdapter | null>(null);
  const known = session.status !== 'unknown';
  const user = session.status === 'signed-in' ? session.user : null;
  const hidden = chatBadgeHidden(pathname);

  useEffect(() => {
    signedInNow = user !== null;
  }, [user]);

  // Started once the session is known, so the provider meets the player at once.
  useEffect(() => {
    if (!known) return;
    let live = true;
    void (async () => {
      const player = user ? await chatPlayerOf(client, user) : null;
      toldUid ??= user?.uid ?? null;
      const chat = await startChat(client, locale, player);
      // §4 not loaded (no attribute), loaded (its provider), or none configured or started.
      document.documentElement.dataset.liveChat = chat?.provider ?? 'none';
      if (live) setAdapter(chat);
    })();
    return () => {
      live = false;
    };
    // Started once; later sessions go through setPlayer below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);

  // §4 updated on registration, sign-in and sign-out.
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (!adapter || toldUid === uid) return;
    let live = true;
    void (async () => {
      const player = user ? await chatPlayerOf(client, user) : null;
      if (!live) return;
      toldUid = uid;
      adapter.setPlayer(player);
    })();
    return () => {
      live = false;
    };
    // The player is who `uid` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [adapter, uid]);

  // §4 badge shown or hidden (§2: hidden on betting and game pages).
  useEffect(() => {
    if (!adapter) return;
    adapter.setBadgeVisible(!hidden);
    document.documentElement.dataset.liveChatBadge = hidden ? 'hidden' : 'shown';
  }, [adapter, hidden]);
  // Leaving the layout (a game page's): the badge goes with it until the next slot says again.
  useEffect(
    () => () => {
      if (!adapter) return;
      adapter.setBadgeVisible(false);
      document.documentElement.dataset.liveChatBadge = 'hidden';
    },
    [adapter],
  );

  useEffect(() => (adapter ? answerLiveChatRequests(() => adapter.open()) : undefined), [adapter]);

  const Widget = adapter?.Widget;
  return Widget ? <Widget /> : null;
}
