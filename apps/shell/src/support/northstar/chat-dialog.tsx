import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import styled, { css } from 'styled-components';
import { useAtomValue, useStore } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  openAuthDialog,
  sessionAtom,
  useShellNavigation,
  type AuthDialogView,
} from '@northstar/shell-sdk';
import { Button, Icon, media } from '@northstar/ui';
import { DialogFrame } from '@northstar/ui/dialog';
import { Input } from '@northstar/ui/forms';
import { shellApi } from '../../session/shell-api.ts';
import {
  Notice,
  Success,
  TextArea,
  useMessageErrorText,
  useMessageForm,
} from '../message-form.tsx';
import { MESSAGE_MAX_LENGTH } from '../message-rules.ts';
import { chatStatusQuery, SUPPORT_METHODS } from '../support-api.ts';
import { northstarChat } from './chat-store.ts';
import {
  ATTACHMENT_TYPES,
  fileSize,
  UploadError,
  uploadAttachment,
  type UploadedAttachment,
  type UploadProblem,
} from './chat-upload.ts';
import {
  isOpen,
  readByAgent,
  type ChatState,
  type MessageAttachment,
  type ShownMessage,
} from './conversation.ts';
import { useConversation, type Conversation } from './use-conversation.ts';

/** Fills the curtain under its title: the log grows, the composer stays at the bottom. */
const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: calc(100dvh - 104px);
  min-height: 360px;
  color: ${({ theme }) => theme.colors.text};
`;

const Strip = styled.p`
  display: flex;
  align-items: center;
  gap: 10px;
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 14px;
  line-height: 1.4;
  color: ${({ theme }) => theme.colors.text};
`;

const Dot = styled.span<{ $tone: 'online' | 'waiting' | 'off' }>`
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme, $tone }) =>
    $tone === 'online'
      ? theme.colors.success
      : $tone === 'waiting'
        ? theme.colors.warning
        : theme.colors.textMuted};
`;

const Log = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 4px 2px 4px 0;
  overscroll-behavior: contain;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const Empty = styled.div`
  margin: auto 0;
  padding: 20px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.55;
  svg {
    color: ${({ theme }) => theme.colors.primary};
    margin-bottom: 8px;
  }
  strong {
    display: block;
    color: ${({ theme }) => theme.colors.text};
    font-size: 17px;
    margin-bottom: 4px;
  }
`;

const Bubble = styled.div<{ $from: ShownMessage['from'] }>`
  max-width: 85%;
  padding: 10px 14px;
  border-radius: 16px;
  line-height: 1.45;
  overflow-wrap: anywhere;
  white-space: pre-wrap;
  ${({ $from, theme }) =>
    $from === 'player'
      ? css`
          align-self: flex-end;
          background: linear-gradient(180deg, rgba(245, 184, 65, 0.24), rgba(245, 184, 65, 0.16));
          border: 1px solid rgba(245, 184, 65, 0.4);
          border-bottom-right-radius: 4px;
        `
      : $from === 'agent'
        ? css`
            align-self: flex-start;
            background: ${theme.colors.surfaceRaised};
            border: 1px solid ${theme.colors.border};
            border-bottom-left-radius: 4px;
          `
        : css`
            align-self: center;
            max-width: 100%;
            padding: 4px 10px;
            background: transparent;
            color: ${theme.colors.textMuted};
            font-size: 13px;
            text-align: center;
          `}
`;

const Author = styled.span`
  display: block;
  margin-bottom: 2px;
  font-size: 12px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const Meta = styled.span`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 8px;
  margin-top: 4px;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: normal;
  button {
    padding: 0;
    border: 0;
    background: none;
    color: ${({ theme }) => theme.colors.primary};
    font: inherit;
    font-weight: 700;
    text-decoration: underline;
    cursor: pointer;
  }
`;

const Failed = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Typing = styled.p`
  min-height: 20px;
  margin: 0;
  font-size: 13px;
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Composer = styled.form`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  > button[type='submit'] {
    flex: none;
    min-height: 44px;
    padding: 0 16px;
    svg {
      display: none;
    }
    /* Phones: a round button with the arrow, its name for screen readers only. */
    ${media.below('tablet')} {
      width: 44px;
      padding: 0;
      svg {
        display: block;
      }
      span {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
    }
  }
  textarea {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    max-height: 140px;
    padding: 11px 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    line-height: 1.4;
    resize: none;
    &::placeholder {
      color: ${({ theme }) => theme.colors.textMuted};
    }
    &:focus-visible {
      outline: none;
      border-color: ${({ theme }) => theme.colors.primary};
      box-shadow: 0 0 0 3px rgba(245, 184, 65, 0.28);
    }
  }
`;

const AttachButton = styled.button`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const FileChip = styled.div<{ $problem: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 8px 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $problem }) => ($problem ? 'rgba(255, 107, 122, 0.5)' : theme.colors.border)};
  background: ${({ theme }) => theme.colors.background};
  font-size: 13px;
  span {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }
  em {
    font-style: normal;
    color: ${({ theme, $problem }) => ($problem ? theme.colors.danger : theme.colors.textMuted)};
  }
  button {
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    border: 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.colors.surfaceRaised};
    }
  }
`;

const Attachment = styled.a`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 2px 0 6px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: underline;
  text-underline-offset: 3px;
  img {
    display: block;
    max-width: 100%;
    max-height: 200px;
    border-radius: 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Intro = styled.div`
  display: grid;
  gap: 12px;
  padding: 4px 0;
  line-height: 1.55;
  h3 {
    margin: 0;
    font-size: 19px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  form {
    display: grid;
    gap: 14px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Or = styled.p`
  display: flex;
  align-items: center;
  gap: 12px;
  font-size: 13px;
  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

const LinkButton = styled.button`
  justify-self: start;
  padding: 4px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
`;

/** Opens the auth popup from the chat, and the chat again once the player has signed in. */
function useSignInFromChat(onClose: () => void) {
  const store = useStore();
  return (view: AuthDialogView) => {
    onClose();
    void openAuthDialog(view).then(() => {
      if (store.get(sessionAtom).status === 'signed-in') northstarChat.update({ open: true });
    });
  };
}

/** The time of a message in the page's locale (hours and minutes). */
function useClock(): (iso: string) => string {
  const { locale } = useShellNavigation();
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? ''
      : new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  };
}

function MessageMark({
  message,
  state,
  onResend,
}: {
  message: ShownMessage;
  state: ChatState;
  onResend: (clientId: string) => void;
}) {
  if (message.from !== 'player') return null;
  if (message.state === 'sending') {
    return (
      <span>
        <Trans id="chat.mark.sending">Sending…</Trans>
      </span>
    );
  }
  if (message.state === 'failed') {
    return (
      <>
        <Failed>
          <Trans id="chat.mark.failed">Not sent</Trans>
        </Failed>
        <button type="button" onClick={() => onResend(message.clientId!)}>
          <Trans id="chat.mark.retry">Try again</Trans>
        </button>
      </>
    );
  }
  return (
    <span data-chat-mark={readByAgent(message, state) ? 'read' : 'sent'}>
      {readByAgent(message, state) ? (
        <Trans id="chat.mark.read">Read</Trans>
      ) : (
        <Trans id="chat.mark.sent">Sent</Trans>
      )}
    </span>
  );
}

function PaperclipIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M21 11.5l-8.6 8.6a5.5 5.5 0 01-7.8-7.8l9.2-9.2a3.7 3.7 0 015.2 5.2l-9.2 9.2a1.8 1.8 0 01-2.6-2.6l8.5-8.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A file of a message: an image shown, a PDF as a link with its size. */
function AttachmentView({ attachment }: { attachment: MessageAttachment }) {
  const { locale } = useShellNavigation();
  if (attachment.content_type.startsWith('image/')) {
    return (
      <Attachment href={attachment.url} target="_blank" rel="noopener noreferrer">
        <img src={attachment.url} alt={attachment.name} loading="lazy" />
      </Attachment>
    );
  }
  return (
    <Attachment href={attachment.url} target="_blank" rel="noopener noreferrer">
      <PaperclipIcon />
      {attachment.name} · {fileSize(attachment.size, locale)}
    </Attachment>
  );
}

function useUploadProblemText(): (problem: UploadProblem) => string {
  const { t } = useLingui();
  return (problem) => {
    switch (problem) {
      case 'too_big':
        return t({ id: 'chat.file.tooBig', message: 'Files can be up to 5 MB.' });
      case 'wrong_type':
        return t({ id: 'chat.file.wrongType', message: 'Only images and PDF files can be sent.' });
      case 'too_many':
        return t({
          id: 'chat.file.tooMany',
          message: 'You have sent many files this hour. Please try again later.',
        });
      default:
        return t({ id: 'chat.file.failed', message: 'The file did not upload. Please try again.' });
    }
  };
}

interface ChosenFile {
  name: string;
  uploaded: UploadedAttachment | null;
  problem: UploadProblem | null;
}

function ConversationStrip({ state }: { state: ChatState }) {
  const conversation = state.conversation;
  if (conversation === null) {
    return (
      <Strip>
        <Dot $tone="online" aria-hidden="true" />
        <Trans id="chat.strip.new">
          Write to us: an agent usually answers within a few minutes.
        </Trans>
      </Strip>
    );
  }
  if (conversation.status === 'closed') {
    return (
      <Strip>
        <Dot $tone="off" aria-hidden="true" />
        <Trans id="chat.strip.closed">This chat has ended. Write again to start a new one.</Trans>
      </Strip>
    );
  }
  if (conversation.status === 'assigned' && conversation.agent) {
    const agent = conversation.agent;
    return (
      <Strip data-chat-agent={agent}>
        <Dot $tone="online" aria-hidden="true" />
        <Trans id="chat.strip.agent">You are chatting with {agent}</Trans>
      </Strip>
    );
  }
  return (
    <Strip>
      <Dot $tone="waiting" aria-hidden="true" />
      <Trans id="chat.strip.waiting">Waiting for an agent… You are next in line.</Trans>
    </Strip>
  );
}

/** The conversation: the log (read to screen readers as it grows), the agent's typing, the composer. */
function ConversationView({
  conversation,
  composerRef,
}: {
  conversation: Conversation;
  composerRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useLingui();
  const clock = useClock();
  const { state } = conversation;
  const problemText = useUploadProblemText();
  const [draft, setDraft] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const uploading = file !== null && file.uploaded === null && file.problem === null;
  const ready = !uploading && (draft.trim() !== '' || file?.uploaded != null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!chosen) return;
    setFile({ name: chosen.name, uploaded: null, problem: null });
    try {
      const uploaded = await uploadAttachment(chosen);
      setFile((current) => (current?.name === chosen.name ? { ...current, uploaded } : current));
    } catch (error) {
      const problem = error instanceof UploadError ? error.problem : 'failed';
      setFile((current) => (current?.name === chosen.name ? { ...current, problem } : current));
    }
  };

  // The newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.messages.length, state.agentTyping]);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    // A file alone is sent under its name (a message always has a text).
    const text = draft.trim() || file?.uploaded?.name || '';
    if (text === '' || text.length > MESSAGE_MAX_LENGTH) return;
    conversation.send(text, file?.uploaded ?? null);
    setDraft('');
    setFile(null);
    if (composerRef.current) composerRef.current.style.height = '';
    composerRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (and a composing IME keeps its Enter).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <>
      <ConversationStrip state={state} />
      <Log
        ref={logRef}
        role="log"
        aria-label={t({ id: 'chat.log', message: 'Messages' })}
        aria-live="polite"
        tabIndex={0}
      >
        {state.messages.length === 0 ? (
          <Empty>
            <Icon name="support" size={32} />
            <strong>
              <Trans id="chat.empty.title">How can we help?</Trans>
            </strong>
            <Trans id="chat.empty.text">
              Ask about your account, a payment, a bonus or a game. We reply right here.
            </Trans>
          </Empty>
        ) : (
          state.messages.map((message) => (
            <Bubble key={message.key} $from={message.from} data-chat-message={message.from}>
              {message.from === 'agent' ? (
                <Author>
                  {message.author ?? t({ id: 'chat.author.support', message: 'Support' })}
                </Author>
              ) : null}
              {message.from === 'player' ? (
                <span className="visually-hidden">
                  {t({ id: 'chat.author.you', message: 'You:' })}{' '}
                </span>
              ) : null}
              {message.attachment ? <AttachmentView attachment={message.attachment} /> : null}
              {message.text}
              {message.from !== 'system' ? (
                <Meta>
                  <time dateTime={message.sentAt}>{clock(message.sentAt)}</time>
                  <MessageMark message={message} state={state} onResend={conversation.resend} />
                </Meta>
              ) : null}
            </Bubble>
          ))
        )}
      </Log>
      <Typing aria-live="polite">
        {state.agentTyping ? <Trans id="chat.typing">Agent is typing…</Trans> : null}
      </Typing>
      {file ? (
        <FileChip $problem={file.problem !== null} role="status">
          <PaperclipIcon />
          <span>
            <strong>{file.name}</strong>{' '}
            {file.problem ? (
              <em>{problemText(file.problem)}</em>
            ) : file.uploaded ? null : (
              <em>
                <Trans id="chat.file.uploading">Uploading…</Trans>
              </em>
            )}
          </span>
          <button
            type="button"
            aria-label={t({ id: 'chat.file.remove', message: 'Remove the file' })}
            onClick={() => {
              setFile(null);
              composerRef.current?.focus();
            }}
          >
            ×
          </button>
        </FileChip>
      ) : null}
      <Composer onSubmit={send}>
        <AttachButton
          type="button"
          aria-label={t({ id: 'chat.file.attach', message: 'Attach a file' })}
          title={t({ id: 'chat.file.attach', message: 'Attach a file' })}
          onClick={() => fileRef.current?.click()}
        >
          <PaperclipIcon />
        </AttachButton>
        <input
          ref={fileRef}
          type="file"
          accept={ATTACHMENT_TYPES}
          hidden
          onChange={(event) => void pick(event)}
        />
        <textarea
          ref={composerRef}
          rows={1}
          aria-label={t({ id: 'chat.message', message: 'Message' })}
          placeholder={t({ id: 'chat.placeholder', message: 'Write a message…' })}
          maxLength={MESSAGE_MAX_LENGTH}
          value={draft}
          onChange={(event) => {
            const area = event.currentTarget;
            setDraft(area.value);
            conversation.typing(area.value.trim() !== '');
            // Grows with what is written, up to its max-height (then it scrolls).
            area.style.height = 'auto';
            area.style.height = `${area.scrollHeight + 2}px`;
          }}
          onBlur={() => conversation.typing(false)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!ready}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M5 12h13M13 6l6 6-6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>
            <Trans id="chat.send">Send</Trans>
          </span>
        </Button>
      </Composer>
    </>
  );
}

/** A message for support while nobody is there, or from a visitor (`chat/leavemessage`). */
function LeaveMessageForm({ askEmail }: { askEmail: boolean }) {
  const { t } = useLingui();
  const errorText = useMessageErrorText();
  const { values, errors, notice, status, change, submit, emailRef, messageRef } = useMessageForm({
    emailRequired: askEmail,
    parameters: { email: 'email', text: 'message' },
    send: (fields) =>
      shellApi.send(SUPPORT_METHODS.leavemessage, {
        text: fields.message,
        ...(askEmail && fields.email ? { email: fields.email } : {}),
      }),
  });
  if (status === 'sent') {
    return (
      <Success role="status">
        <h3>
          <Trans id="chat.left.title">Thank you, we have your message</Trans>
        </h3>
        <p>
          <Trans id="chat.left.text">Our team answers by e-mail as soon as an agent is free.</Trans>
        </p>
      </Success>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'chat.leave.form', message: 'Leave a message' })}
    >
      {askEmail ? (
        <Input
          ref={emailRef}
          type="email"
          autoComplete="email"
          inputMode="email"
          label={t({ id: 'support.field.email', message: 'E-mail' })}
          required
          value={values.email}
          onChange={(event) => change('email', event.currentTarget.value)}
          error={errorText('email', errors.email)}
        />
      ) : null}
      <TextArea
        ref={messageRef}
        label={t({ id: 'chat.leave.text', message: 'How can we help?' })}
        required
        rows={5}
        value={values.message}
        onChange={(event) => change('message', event.currentTarget.value)}
        error={errorText('message', errors.message)}
      />
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      <Button type="submit" disabled={status === 'sending'}>
        <Trans id="chat.leave.submit">Leave a message</Trans>
      </Button>
    </form>
  );
}

function OfflineIntro({ hours, online }: { hours: string | null | undefined; online: boolean }) {
  return (
    <>
      <h3>
        {online ? (
          <Trans id="chat.leave.title">Leave us a message</Trans>
        ) : (
          <Trans id="chat.offline.title">We are offline right now</Trans>
        )}
      </h3>
      <p>
        {online ? (
          <Trans id="chat.leave.lead">Write to us and we answer by e-mail.</Trans>
        ) : hours ? (
          <Trans id="chat.offline.hours">
            Our agents are here {hours}. Leave a message and we answer by e-mail.
          </Trans>
        ) : (
          <Trans id="chat.offline.lead">
            Leave a message and we answer by e-mail as soon as we are back.
          </Trans>
        )}
      </p>
    </>
  );
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <Intro aria-busy="true">
      <p>{children}</p>
    </Intro>
  );
}

/** A visitor: sign in to chat (agents can then see the account), or leave a message. */
function VisitorChat({ onClose, onReady }: { onClose: () => void; onReady: () => void }) {
  const query = useQuery(chatStatusQuery());
  const status = query.data;
  const signIn = useSignInFromChat(onClose);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (!query.isPending) onReady();
  }, [query.isPending, onReady]);
  if (query.isPending) {
    return (
      <Loading>
        <Trans id="chat.loading">Opening the chat…</Trans>
      </Loading>
    );
  }
  // Not known (the status did not come): the sign-in prompt, which works either way.
  const online = status?.online ?? true;
  if (!online || leaving) {
    return (
      <Intro>
        <OfflineIntro hours={status?.hours} online={online} />
        <LeaveMessageForm askEmail />
        <LinkButton type="button" onClick={() => signIn('authorization')}>
          <Trans id="chat.visitor.haveAccount">Have an account? Sign in to chat</Trans>
        </LinkButton>
      </Intro>
    );
  }
  return (
    <Intro>
      <h3>
        <Trans id="chat.visitor.title">Sign in to chat with us</Trans>
      </h3>
      <p>
        <Trans id="chat.visitor.text">
          Once you are signed in, our agents can look into your account, payments and bets with you.
        </Trans>
      </p>
      <Actions>
        <Button onClick={() => signIn('authorization')}>
          <Trans id="chat.visitor.signIn">Sign in</Trans>
        </Button>
        <Button variant="secondary" onClick={() => signIn('registration')}>
          <Trans id="chat.visitor.register">Create an account</Trans>
        </Button>
      </Actions>
      <Or>
        <Trans id="chat.visitor.or">or</Trans>
      </Or>
      <LinkButton type="button" onClick={() => setLeaving(true)}>
        <Trans id="chat.visitor.leave">Leave a message without signing in</Trans>
      </LinkButton>
    </Intro>
  );
}

/** A player: the conversation, or the leave-a-message form while nobody is there. */
function PlayerChat({
  composerRef,
  onReady,
}: {
  composerRef: RefObject<HTMLTextAreaElement | null>;
  onReady: () => void;
}) {
  const conversation = useConversation();
  const query = useQuery(chatStatusQuery());
  const status = query.data;
  const { state } = conversation;
  const ready = state.loaded && !query.isPending;
  const offline = status?.online === false && !isOpen(state);
  useEffect(() => {
    if (ready) onReady();
  }, [ready, onReady]);

  if (conversation.failed) {
    return (
      <Intro>
        <Notice role="alert">
          <Trans id="chat.failed">We could not open the chat just now.</Trans>
        </Notice>
        <Button variant="secondary" onClick={conversation.retry}>
          <Trans id="chat.failed.retry">Try again</Trans>
        </Button>
      </Intro>
    );
  }
  if (!ready) {
    return (
      <Loading>
        <Trans id="chat.loading">Opening the chat…</Trans>
      </Loading>
    );
  }
  if (offline) {
    return (
      <Intro>
        <OfflineIntro hours={status?.hours} online={false} />
        <LeaveMessageForm askEmail={false} />
      </Intro>
    );
  }
  return <ConversationView conversation={conversation} composerRef={composerRef} />;
}

/**
 * Our live chat's dialog, "Live support": a curtain from the right with focus kept inside, Esc to
 * close and focus given back (the design system's DialogFrame). Players chat; visitors are asked
 * to sign in or leave a message; while no agent is there, everyone may leave a message.
 */
export function ChatDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusedOnce = useRef(false);
  // What opened the chat (its button, the support page's "Start a chat") gets the focus back.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  // The dialog opens before what it shows has loaded (the close button has the focus then): once
  // it is there, the composer, else the first control, takes the focus, once.
  const onReady = useCallback(() => {
    const panel = panelRef.current;
    if (focusedOnce.current || !panel) return;
    focusedOnce.current = true;
    if (panel.contains(document.activeElement)) return;
    const target =
      composerRef.current ??
      panel.querySelector<HTMLElement>('textarea, input, button, a[href], [tabindex="0"]');
    target?.focus();
  }, []);
  return (
    <DialogFrame
      open
      title={t({ id: 'chat.title', message: 'Live support' })}
      closeLabel={t({ id: 'chat.close', message: 'Close the chat' })}
      kind="curtain"
      side="right"
      size="small"
      dialogId="live-chat"
      initialFocus={composerRef}
      returnFocus={opener}
      onClose={onClose}
    >
      <Panel ref={panelRef} data-live-chat-panel>
        {session.status === 'signed-in' ? (
          <PlayerChat key={session.user.uid} composerRef={composerRef} onReady={onReady} />
        ) : (
          <VisitorChat onClose={onClose} onReady={onReady} />
        )}
      </Panel>
    </DialogFrame>
  );
}
