import { useGetIdentity } from '@refinedev/core';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { CHAT_TYPING_TTL_MS, type api as contract, type ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { controlStyles, Field, FieldLabel, Input, Select } from '@northstar/ui/forms';
import { api, ApiError, errorMessage, fieldError } from '../api.ts';
import type { StaffIdentity } from '../auth-provider.ts';
import { Alert, Form, Muted, PageTitle, Row, Section, when } from '../ui.tsx';

type QueueItem = ResponseOf<typeof contract.chat.staffqueue>['items'][number];
type Conversation = ResponseOf<typeof contract.chat.staffconversation>;
type Message = Conversation['messages'][number];
type Canned = ResponseOf<typeof contract.chat.stafflistcanned>[number];
type Agent = ResponseOf<typeof contract.chat.staffagents>[number];

/** How often the agent's "typing" is repeated while they type (the player's side lapses after the TTL). */
const TYPING_REPEAT_MS = CHAT_TYPING_TTL_MS / 2;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(220px, 320px) 1fr;
  gap: ${({ theme }) => theme.space(5)};
  align-items: start;

  @media (max-width: 959px) {
    grid-template-columns: 1fr;
  }
`;

const GroupTitle = styled.h3`
  font-size: 14px;
  margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(2)};
`;

const QueueList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const QueueEntry = styled.li<{ $selected: boolean }>`
  border: 1px solid
    ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.sm};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme, $selected }) =>
    $selected ? theme.colors.surfaceRaised : theme.colors.background};

  button {
    all: unset;
    cursor: pointer;
    font-weight: 600;
    display: block;
    width: 100%;
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const CannedEntry = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.background};

  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: pre-wrap;
  }
`;

/** The canned-reply and transfer pickers under the reply box. */
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Unread = styled.span`
  display: inline-block;
  min-width: 20px;
  margin-left: ${({ theme }) => theme.space(2)};
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 12px;
  text-align: center;
`;

const Log = styled.div.attrs({ tabIndex: 0 })`
  height: min(55vh, 520px);
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Bubble = styled.div<{ $from: Message['from'] }>`
  max-width: 80%;
  align-self: ${({ $from }) =>
    $from === 'agent' ? 'flex-end' : $from === 'system' ? 'center' : 'flex-start'};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $from }) =>
    $from === 'agent' ? theme.colors.surfaceHover : theme.colors.surfaceRaised};
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 12px;
    margin-bottom: 2px;
  }
`;

const Attachment = styled.a`
  display: block;
  margin-top: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.info};

  img {
    display: block;
    max-width: 240px;
    max-height: 240px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

/** The file picker as a labelled control: the label is the button, the input inside it. */
const FilePick = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};

  input {
    font-size: 13px;
    max-width: 220px;
  }
`;

const Typing = styled.p`
  min-height: 20px;
  margin: ${({ theme }) => theme.space(2)} 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ReplyBox = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  min-height: 88px;
  padding: 10px 14px;
  resize: vertical;
  font: inherit;
`;

const Toolbar = styled(Row)`
  margin-bottom: ${({ theme }) => theme.space(3)};
  justify-content: space-between;
  align-items: center;

  h2 {
    font-size: 16px;
    margin: 0;
  }
`;

/**
 * A uuid (v4) for a message's idempotent send (a retried click stores it once). From
 * `getRandomValues`, which every browser has on any origin (`randomUUID` needs a secure one).
 */
function clientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The agents' live chat console (issue #30): the queue (waiting first), a conversation with its
 * live log, take, transfer, close, read marks, "typing", canned replies. Live by the console's
 * Server-Sent Events stream (`/platform/staff/chat/stream`); every change is a staff method the
 * platform audits.
 */
export function ChatPage() {
  const { data: me } = useGetIdentity<StaffIdentity>();
  const [items, setItems] = useState<QueueItem[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [playerTyping, setPlayerTyping] = useState(false);
  const [canned, setCanned] = useState<Canned[]>([]);
  const [agents, setAgents] = useState<Agent[]>([]);
  // The stream's listeners read the open conversation from here (they are set up once).
  const selectedRef = useRef<number | null>(null);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const loadQueue = useCallback(async () => {
    try {
      const answer = await api.call('chat', 'staffqueue');
      setItems(answer.items);
      setError(null);
      return answer.stream_seq;
    } catch (failure) {
      setError(failure);
      return null;
    }
  }, []);

  const loadCanned = useCallback(async () => {
    try {
      setCanned(await api.call('chat', 'stafflistcanned'));
    } catch (failure) {
      setError(failure);
    }
  }, []);

  // The queue, the canned replies and the agents first; then the live stream from where the
  // queue's read left off.
  useEffect(() => {
    let source: EventSource | null = null;
    let refresh: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const soon = () => {
      if (refresh) return;
      refresh = setTimeout(() => {
        refresh = null;
        void loadQueue();
      }, 250);
    };
    void (async () => {
      const seq = await loadQueue();
      void loadCanned();
      api.call('chat', 'staffagents').then(setAgents, () => {});
      if (stopped) return;
      source = new EventSource(`/platform/staff/chat/stream${seq === null ? '' : `?after=${seq}`}`);
      source.addEventListener('message', (event) => {
        const message = JSON.parse((event as MessageEvent<string>).data) as Message;
        if (message.conversation_id === selectedRef.current) {
          setConversation((current) =>
            current && current.id === message.conversation_id
              ? current.messages.some((m) => m.id === message.id)
                ? current
                : { ...current, messages: [...current.messages, message] }
              : current,
          );
          if (message.from === 'player') setPlayerTyping(false);
        }
        soon();
      });
      source.addEventListener('conversation', (event) => {
        const state = JSON.parse((event as MessageEvent<string>).data) as Pick<
          Conversation,
          'id' | 'status' | 'agent' | 'closed_at'
        >;
        setConversation((current) =>
          current && current.id === state.id ? { ...current, ...state } : current,
        );
        soon();
      });
      source.addEventListener('read', (event) => {
        const mark = JSON.parse((event as MessageEvent<string>).data) as {
          conversation_id: number;
          by: 'player' | 'agent';
          up_to_seq: number;
          read_at: string;
        };
        setConversation((current) =>
          current && current.id === mark.conversation_id
            ? {
                ...current,
                messages: current.messages.map((m) =>
                  m.read_at === null &&
                  m.seq <= mark.up_to_seq &&
                  (mark.by === 'player' ? m.from !== 'player' : m.from === 'player')
                    ? { ...m, read_at: mark.read_at }
                    : m,
                ),
              }
            : current,
        );
        soon();
      });
      source.addEventListener('typing', (event) => {
        const notice = JSON.parse((event as MessageEvent<string>).data) as {
          conversation_id: number;
          typing: boolean;
        };
        if (notice.conversation_id !== selectedRef.current) return;
        setPlayerTyping(notice.typing);
        if (typingTimer.current) clearTimeout(typingTimer.current);
        if (notice.typing) {
          typingTimer.current = setTimeout(() => setPlayerTyping(false), CHAT_TYPING_TTL_MS);
        }
      });
    })();
    return () => {
      stopped = true;
      source?.close();
      if (refresh) clearTimeout(refresh);
      if (typingTimer.current) clearTimeout(typingTimer.current);
    };
  }, [loadQueue, loadCanned]);

  const open = useCallback(async (id: number) => {
    setSelected(id);
    setPlayerTyping(false);
    try {
      setConversation(await api.call('chat', 'staffconversation', { conversation_id: id }));
    } catch (failure) {
      setError(failure);
    }
  }, []);

  // The player's messages the agent now sees are marked read (once each: marks only move on).
  const openId = conversation?.id;
  const lastUnread = conversation?.messages
    .filter((m) => m.from === 'player' && m.read_at === null)
    .at(-1)?.seq;
  useEffect(() => {
    if (openId === undefined || lastUnread === undefined) return;
    api
      .call('chat', 'staffread', { conversation_id: openId, up_to_seq: lastUnread })
      .catch(() => {});
  }, [openId, lastUnread]);

  const waiting = items.filter((item) => item.status === 'waiting');
  const mine = items.filter((item) => item.status === 'assigned' && item.mine);
  const others = items.filter((item) => item.status === 'assigned' && !item.mine);
  const current = items.find((item) => item.id === selected) ?? null;

  return (
    <>
      <PageTitle>Live chat</PageTitle>
      {error !== null && <Alert role="alert">{errorMessage(error)}</Alert>}
      <Columns>
        <Section aria-labelledby="queue-title">
          <h2 id="queue-title">Queue</h2>
          {items.length === 0 && <Muted>No player is waiting.</Muted>}
          <QueueGroup title="Waiting" items={waiting} selected={selected} onOpen={open} />
          <QueueGroup title="Mine" items={mine} selected={selected} onOpen={open} />
          <QueueGroup title="Other agents" items={others} selected={selected} onOpen={open} />
        </Section>
        {conversation ? (
          <ConversationPanel
            key={conversation.id}
            conversation={conversation}
            queued={current}
            meId={me?.id ?? null}
            agents={agents.filter((agent) => agent.id !== me?.id)}
            canned={canned}
            playerTyping={playerTyping}
            onChanged={(next) => {
              setConversation((was) => (was && was.id === next.id ? { ...was, ...next } : was));
              void loadQueue();
            }}
            onSent={(message) =>
              setConversation((was) =>
                was &&
                was.id === message.conversation_id &&
                !was.messages.some((m) => m.id === message.id)
                  ? { ...was, messages: [...was.messages, message] }
                  : was,
              )
            }
          />
        ) : (
          <Section>
            <Muted>Pick a conversation from the queue.</Muted>
          </Section>
        )}
      </Columns>
      <CannedReplies replies={canned} onChanged={() => void loadCanned()} />
    </>
  );
}

function QueueGroup({
  title,
  items,
  selected,
  onOpen,
}: {
  title: string;
  items: QueueItem[];
  selected: number | null;
  onOpen: (id: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <>
      <GroupTitle>
        {title} <Muted>({items.length})</Muted>
      </GroupTitle>
      <QueueList>
        {items.map((item) => (
          <QueueEntry key={item.id} $selected={item.id === selected}>
            <button
              type="button"
              aria-current={item.id === selected ? 'true' : undefined}
              aria-describedby={`queue-${item.id}`}
              onClick={() => onOpen(item.id)}
            >
              {item.player_name}
            </button>
            <p id={`queue-${item.id}`}>
              {item.unread > 0 && (
                <Unread aria-label={`${item.unread} unread`}>{item.unread}</Unread>
              )}{' '}
              {item.agent && item.status === 'assigned' ? `${item.agent} · ` : ''}
              {item.last_message ? item.last_message.text : 'No message yet'}
            </p>
          </QueueEntry>
        ))}
      </QueueList>
    </>
  );
}

function ConversationPanel({
  conversation,
  queued,
  meId,
  agents,
  canned,
  playerTyping,
  onChanged,
  onSent,
}: {
  conversation: Conversation;
  queued: QueueItem | null;
  meId: number | null;
  agents: Agent[];
  canned: Canned[];
  playerTyping: boolean;
  onChanged: (next: Partial<Conversation> & { id: number }) => void;
  onSent: (message: Message) => void;
}) {
  const [reply, setReply] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [transferTo, setTransferTo] = useState('');
  const [cannedId, setCannedId] = useState('');
  const logRef = useRef<HTMLDivElement | null>(null);
  const replyRef = useRef<HTMLTextAreaElement | null>(null);
  const typingSent = useRef(0);
  const sendId = useRef(clientId());
  const [file, setFile] = useState<{ id: number; name: string } | null>(null);
  const closed = conversation.status === 'closed';
  const mineNow = (queued ? queued.agent_id : conversation.agent_id) === meId;

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [conversation.messages.length, playerTyping]);

  const run = async (what: string, action: () => Promise<void>) => {
    setPending(what);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(null);
    }
  };

  const typing = (value: boolean) => {
    const now = Date.now();
    if (value && now - typingSent.current < TYPING_REPEAT_MS) return;
    typingSent.current = value ? now : 0;
    api
      .call('chat', 'stafftyping', { conversation_id: conversation.id, typing: value })
      .catch(() => {});
  };

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    // A file alone goes out with its name as the text.
    const text = reply.trim() || file?.name || '';
    if (!text || closed) return;
    void run('send', async () => {
      const message = await api.call('chat', 'staffsend', {
        conversation_id: conversation.id,
        text,
        client_id: sendId.current,
        ...(file ? { attachment_id: file.id } : {}),
      });
      sendId.current = clientId();
      setReply('');
      setFile(null);
      typingSent.current = 0;
      onSent(message);
      onChanged({ id: conversation.id });
      replyRef.current?.focus();
    });
  };

  const attach = (chosen: File | undefined) => {
    if (!chosen) return;
    void run('attach', async () => {
      const form = new FormData();
      form.append('files', chosen, chosen.name);
      const response = await fetch('/platform/staff/chat/attachments', {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: { 'X-App-Client': 'web/2.34' },
      });
      const body = (await response.json()) as {
        data?: { id: number; name: string };
        error?: { type: string; message: string; invalid_parameters?: Record<string, string[]> };
      };
      if (!response.ok || !body.data) {
        throw new Error(
          body.error?.invalid_parameters?.files?.includes('wrong_file_type')
            ? 'Only images and PDF files can be sent.'
            : (body.error?.message ?? 'The file could not be sent.'),
        );
      }
      setFile({ id: body.data.id, name: body.data.name });
    });
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) send(event);
  };

  return (
    <Section aria-labelledby="conversation-title">
      <Toolbar>
        <h2 id="conversation-title">
          <Link to={`/players/${conversation.player_id}`}>{conversation.player_name}</Link>{' '}
          <Muted>
            · {conversation.status}
            {conversation.agent ? ` · ${conversation.agent}` : ''} · since{' '}
            {when(conversation.opened_at)}
          </Muted>
        </h2>
        <Row>
          {!closed && !mineNow && (
            <Button
              size="sm"
              disabled={pending !== null}
              onClick={() =>
                void run('take', async () => {
                  const next = await api.call('chat', 'stafftake', {
                    conversation_id: conversation.id,
                  });
                  onChanged(next);
                })
              }
            >
              Take
            </Button>
          )}
          {!closed && (
            <Button
              size="sm"
              variant="secondary"
              disabled={pending !== null}
              onClick={() =>
                void run('close', async () => {
                  const next = await api.call('chat', 'staffclose', {
                    conversation_id: conversation.id,
                  });
                  onChanged(next);
                })
              }
            >
              Close chat
            </Button>
          )}
        </Row>
      </Toolbar>
      {failure !== null && !fieldError(failure, 'text') && (
        <Alert role="alert">
          {failure instanceof Error && !(failure instanceof ApiError)
            ? failure.message
            : errorMessage(failure)}
        </Alert>
      )}
      <Log ref={logRef} role="log" aria-label="Conversation" aria-live="polite">
        {conversation.messages.map((message) => (
          <Bubble key={message.id} $from={message.from}>
            <small>
              {message.from === 'player'
                ? conversation.player_name
                : message.from === 'agent'
                  ? (message.author ?? 'Agent')
                  : 'System'}{' '}
              · {when(message.sent_at)}
              {message.from === 'agent' ? (message.read_at ? ' · Read' : ' · Sent') : ''}
            </small>
            {message.text}
            {message.attachment && (
              <Attachment href={message.attachment.url} target="_blank" rel="noreferrer">
                {message.attachment.content_type.startsWith('image/') ? (
                  <img src={message.attachment.url} alt={message.attachment.name} />
                ) : (
                  `📎 ${message.attachment.name}`
                )}
              </Attachment>
            )}
          </Bubble>
        ))}
      </Log>
      <Typing aria-live="polite">{playerTyping ? 'Player is typing…' : ''}</Typing>
      {!closed && (
        <>
          <Form onSubmit={send} aria-label="Reply to the player">
            <Field>
              <FieldLabel htmlFor="chat-reply">Reply</FieldLabel>
              <ReplyBox
                id="chat-reply"
                ref={replyRef}
                $invalid={Boolean(fieldError(failure, 'text'))}
                value={reply}
                maxLength={4000}
                onKeyDown={onKey}
                onChange={(event) => {
                  setReply(event.target.value);
                  typing(event.target.value.trim() !== '');
                }}
                onBlur={() => typingSent.current && typing(false)}
              />
            </Field>
            <Row>
              <FilePick>
                Attach a file
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif,image/avif,application/pdf"
                  disabled={pending !== null}
                  onChange={(event) => {
                    attach(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </FilePick>
              {file && (
                <Muted>
                  Attached: {file.name}{' '}
                  <Button size="sm" variant="ghost" onClick={() => setFile(null)}>
                    Remove
                  </Button>
                </Muted>
              )}
            </Row>
            <Button
              type="submit"
              disabled={pending !== null || (reply.trim() === '' && file === null)}
            >
              Send
            </Button>
          </Form>
          <Tools>
            {canned.length > 0 && (
              <Row>
                <Select
                  label="Canned reply"
                  name="canned"
                  value={cannedId}
                  onChange={(event) => setCannedId(event.target.value)}
                  options={[
                    { value: '', label: 'Choose…' },
                    ...canned.map((c) => ({ value: String(c.id), label: c.title })),
                  ]}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={cannedId === ''}
                  onClick={() => {
                    const chosen = canned.find((c) => String(c.id) === cannedId);
                    if (!chosen) return;
                    setReply((text) =>
                      text.trim() ? `${text.trimEnd()} ${chosen.text}` : chosen.text,
                    );
                    replyRef.current?.focus();
                  }}
                >
                  Insert
                </Button>
              </Row>
            )}
            {agents.length > 0 && (
              <Row>
                <Select
                  label="Transfer to"
                  name="transfer"
                  value={transferTo}
                  onChange={(event) => setTransferTo(event.target.value)}
                  options={[
                    { value: '', label: 'Choose an agent…' },
                    ...agents.map((agent) => ({
                      value: String(agent.id),
                      label: `${agent.name}${agent.online ? ' (online)' : ''}`,
                    })),
                  ]}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={transferTo === '' || pending !== null}
                  onClick={() =>
                    void run('transfer', async () => {
                      const next = await api.call('chat', 'stafftransfer', {
                        conversation_id: conversation.id,
                        staff_id: Number(transferTo),
                      });
                      setTransferTo('');
                      onChanged(next);
                    })
                  }
                >
                  Transfer
                </Button>
              </Row>
            )}
          </Tools>
        </>
      )}
    </Section>
  );
}

/** The team's canned replies: add, change, delete. */
function CannedReplies({ replies, onChanged }: { replies: Canned[]; onChanged: () => void }) {
  const [editing, setEditing] = useState<Canned | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const edit = (reply: Canned | null) => {
    setEditing(reply);
    setTitle(reply?.title ?? '');
    setText(reply?.text ?? '');
    setFailure(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await api.call('chat', 'staffsavecanned', {
        ...(editing ? { id: editing.id } : {}),
        title,
        text,
      });
      edit(null);
      onChanged();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (reply: Canned) => {
    setFailure(null);
    try {
      await api.call('chat', 'staffdeletecanned', { id: reply.id });
      if (editing?.id === reply.id) edit(null);
      onChanged();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Section aria-labelledby="canned-title">
      <h2 id="canned-title">Canned replies</h2>
      {failure !== null && !fieldError(failure, 'title') && !fieldError(failure, 'text') && (
        <Alert role="alert">{errorMessage(failure)}</Alert>
      )}
      {replies.length === 0 && <Muted>None yet.</Muted>}
      <QueueList>
        {replies.map((reply) => (
          <CannedEntry key={reply.id}>
            <Row>
              <strong>{reply.title}</strong>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Edit ${reply.title}`}
                onClick={() => edit(reply)}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${reply.title}`}
                onClick={() => void remove(reply)}
              >
                Delete
              </Button>
            </Row>
            <p>{reply.text}</p>
          </CannedEntry>
        ))}
      </QueueList>
      <Form onSubmit={(event) => void save(event)} aria-label="Canned reply">
        <Input
          label="Title"
          name="title"
          value={title}
          maxLength={100}
          onChange={(event) => setTitle(event.target.value)}
          error={fieldError(failure, 'title')}
        />
        <Input
          label="Text"
          name="text"
          value={text}
          maxLength={4000}
          onChange={(event) => setText(event.target.value)}
          error={fieldError(failure, 'text')}
        />
        <Row>
          <Button type="submit" size="sm" disabled={busy}>
            {editing ? 'Save changes' : 'Add canned reply'}
          </Button>
          {editing && (
            <Button size="sm" variant="ghost" onClick={() => edit(null)}>
              Cancel
            </Button>
          )}
        </Row>
      </Form>
    </Section>
  );
}
