import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { shellApi } from '../../session/shell-api.ts';
import { SUPPORT_METHODS } from '../support-api.ts';
import { openChatStream } from './chat-stream.ts';
import type { UploadedAttachment } from './chat-upload.ts';
import {
  chatReducer,
  EMPTY_CHAT,
  isOpen,
  newClientId,
  unreadAgentSeq,
  type ChatState,
} from './conversation.ts';

/** The contract's CHAT_TYPING_TTL_MS: a "typing" lapses this long after its last repeat. */
export const TYPING_TTL_MS = 6_000;
/** The player's "typing" is repeated this often while they type (well inside the TTL). */
const TYPING_REPEAT_MS = 3_000;

export interface Conversation {
  state: ChatState;
  /** The conversation could not be read (offline, an outage): the widget offers a retry. */
  failed: boolean;
  retry(): void;
  /** Sends a message, with a file uploaded first (`chat-upload.ts`) when there is one. */
  send(text: string, attachment?: UploadedAttachment | null): void;
  /** Sends a message that did not go again, with the same client id (stored once). */
  resend(clientId: string): void;
  typing(active: boolean): void;
}

/**
 * A signed-in player's conversation with support while the chat is open: read with
 * `chat/getconversation`, kept live by the stream, messages sent with `chat/send` (shown at once,
 * marked when they fail), typing told to the agent, and the agent's messages marked read
 * (`chat/read`) once the player has them on screen.
 */
export function useConversation(): Conversation {
  const [state, dispatch] = useReducer(chatReducer, EMPTY_CHAT);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const typingLapse = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastRead = useRef(0);
  const lastTyping = useRef(0);

  useEffect(() => {
    let live = true;
    let stop = () => {};
    const load = async () => {
      const conversation = await shellApi.send(SUPPORT_METHODS.getconversation);
      if (live) dispatch({ type: 'loaded', conversation });
      return conversation?.stream_seq ?? null;
    };
    load().then(
      (after) => {
        if (!live) return;
        setFailed(false);
        stop = openChatStream(
          {
            message: (message) => dispatch({ type: 'message', message }),
            read: (mark) => dispatch({ type: 'read', mark }),
            conversation: (conversation) => dispatch({ type: 'conversation', conversation }),
            typing: (typing) => {
              dispatch({ type: 'typing', typing });
              if (typing.from !== 'agent') return;
              clearTimeout(typingLapse.current);
              if (typing.typing) {
                typingLapse.current = setTimeout(
                  () => dispatch({ type: 'typing-lapsed' }),
                  TYPING_TTL_MS,
                );
              }
            },
            resync: load,
          },
          { after },
        );
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      stop();
      clearTimeout(typingLapse.current);
    };
  }, [attempt]);

  // The agent's messages the player now has on screen are read (§ issue #30 read marks).
  useEffect(() => {
    const seq = unreadAgentSeq(state, lastRead.current);
    if (seq === null || document.visibilityState !== 'visible') return;
    const before = lastRead.current;
    lastRead.current = seq;
    shellApi.send(SUPPORT_METHODS.read, { up_to_seq: seq }).catch(() => {
      lastRead.current = before;
    });
  }, [state]);

  const deliver = useCallback((text: string, clientId: string, file: UploadedAttachment | null) => {
    const attachment = file
      ? {
          id: file.id,
          ref: { name: file.name, content_type: file.content_type, size: file.size, url: file.url },
        }
      : null;
    dispatch({ type: 'sending', clientId, text, at: new Date().toISOString(), attachment });
    lastTyping.current = 0;
    shellApi
      .send(SUPPORT_METHODS.send, {
        text,
        client_id: clientId,
        ...(file ? { attachment_id: file.id } : {}),
      })
      .then(
        (message) => dispatch({ type: 'message', message }),
        () => dispatch({ type: 'send-failed', clientId }),
      );
  }, []);

  return {
    state,
    failed,
    retry: () => setAttempt((n) => n + 1),
    send: (text, attachment = null) => deliver(text, newClientId(), attachment),
    resend: (clientId) => {
      const message = state.messages.find((m) => m.clientId === clientId);
      if (!message) return;
      const file =
        message.attachment && message.attachmentId !== null
          ? { id: message.attachmentId, ...message.attachment }
          : null;
      deliver(message.text, clientId, file);
    },
    typing(active) {
      // Only a conversation under way has someone to tell.
      if (!isOpen(state)) return;
      const now = Date.now();
      if (active && now - lastTyping.current < TYPING_REPEAT_MS) return;
      if (!active && lastTyping.current === 0) return;
      lastTyping.current = active ? now : 0;
      shellApi.send(SUPPORT_METHODS.typing, { typing: active }).catch(() => {});
    },
  };
}
