import { asc, eq } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { PlatformConfig } from '../config.ts';
import type { Executor } from '../db/client.ts';
import type { Limit } from '../identity/index.ts';
import { sendMessage } from '../providers/mail/index.ts';
import { chatCannedReplies, chatSupportMessages, chatWidgetEvents } from './schema.ts';

/**
 * What support receives outside a live conversation (issue #30): messages left while no agent is
 * there and the `/support` feedback form, both kept and mailed to the support address; the
 * agents' canned replies; and §3 chat events of a script-loaded third-party widget.
 */

/** Where mail for support goes: `SUPPORT_EMAIL`, else the demo operator's address. */
export function supportAddress(config: PlatformConfig): string {
  return config.supportEmail ?? 'support@northstar.test';
}

/** The support hours in words (`SUPPORT_HOURS`, e.g. "Every day, 08:00–22:00 CET"), or null. */
export function supportHours(config: PlatformConfig): string | null {
  return config.supportHours ?? null;
}

/** The window of the budgets below: an hour. */
export const SUPPORT_WINDOW_MS = 60 * 60 * 1000;
/** Messages for support an address (IP), an e-mail address or an account may send per hour. */
export const SUPPORT_MESSAGES_PER_IP = 10;
export const SUPPORT_MESSAGES_PER_SENDER = 5;

/**
 * The rate-limit budgets (identity's `consume`) of a message for support: per client address,
 * per e-mail address given and per account, so neither a script nor a signed-in player can fill
 * the support mailbox; each kind (offline message, feedback) has its own.
 */
export function supportBudgets(
  kind: 'leave_message' | 'feedback',
  ip: string,
  email: string | null,
  playerId: number | null,
): Limit[] {
  const windowMs = SUPPORT_WINDOW_MS;
  return [
    { key: `support:${kind}:ip:${ip}`, max: SUPPORT_MESSAGES_PER_IP, windowMs },
    ...(email
      ? [
          {
            key: `support:${kind}:email:${email.toLowerCase()}`,
            max: SUPPORT_MESSAGES_PER_SENDER,
            windowMs,
          },
        ]
      : []),
    ...(playerId !== null
      ? [{ key: `support:${kind}:player:${playerId}`, max: SUPPORT_MESSAGES_PER_SENDER, windowMs }]
      : []),
  ];
}

/**
 * Keeps a message for support and mails it to the support address (the outbox), in one
 * transaction: a mail is never sent for a message that was not kept, nor the other way round.
 */
export async function storeSupportMessage(
  db: Executor,
  config: PlatformConfig,
  message: {
    kind: 'leave_message' | 'feedback';
    playerId: number | null;
    email: string | null;
    text: string;
    ip: string | null;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatSupportMessages)
      .values(message)
      .returning({ id: chatSupportMessages.id });
    const what = message.kind === 'feedback' ? 'Feedback' : 'Chat message left offline';
    await sendMessage(tx, {
      recipient: supportAddress(config),
      channel: 'email',
      subject: `${what} #${row!.id}${message.email ? ` from ${message.email}` : ''}`,
      body: [
        message.text,
        '',
        `Reply to: ${message.email ?? '(no address given)'}`,
        `Player: ${message.playerId ?? '(visitor)'}`,
      ].join('\n'),
    });
  });
}

/** §3 Chat event of a third-party widget, for the signed-in player. */
export async function storeWidgetEvent(
  db: Executor,
  playerId: number,
  event: { channelId: string; conversationId: string; text: string; event: 'sent' | 'received' },
): Promise<void> {
  await db.insert(chatWidgetEvents).values({ playerId, ...event });
}

export interface CannedReply {
  id: number;
  title: string;
  text: string;
}

export async function listCannedReplies(db: Executor): Promise<CannedReply[]> {
  return db
    .select({
      id: chatCannedReplies.id,
      title: chatCannedReplies.title,
      text: chatCannedReplies.text,
    })
    .from(chatCannedReplies)
    .orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
}

const noSuchReply = () =>
  new ApiError('InvalidParameter', 'No such canned reply', {
    invalidParameters: { id: ['wrong_field'] },
  });

/** A new canned reply, or the one `id` names changed: the reply before (null: new) and after. */
export async function saveCannedReply(
  tx: Executor,
  staffId: number,
  input: { id?: number | undefined; title: string; text: string },
  now: Date,
): Promise<{ before: CannedReply | null; after: CannedReply }> {
  const view = (row: typeof chatCannedReplies.$inferSelect): CannedReply => ({
    id: row.id,
    title: row.title,
    text: row.text,
  });
  if (input.id === undefined) {
    const [row] = await tx
      .insert(chatCannedReplies)
      .values({ title: input.title, text: input.text, createdBy: staffId, updatedAt: now })
      .returning();
    return { before: null, after: view(row!) };
  }
  const [old] = await tx
    .select()
    .from(chatCannedReplies)
    .where(eq(chatCannedReplies.id, input.id))
    .for('update');
  if (!old) throw noSuchReply();
  const [row] = await tx
    .update(chatCannedReplies)
    .set({ title: input.title, text: input.text, updatedAt: now })
    .where(eq(chatCannedReplies.id, input.id))
    .returning();
  return { before: view(old), after: view(row!) };
}

export async function deleteCannedReply(tx: Executor, id: number): Promise<CannedReply> {
  const [row] = await tx.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning();
  if (!row) throw noSuchReply();
  return { id: row.id, title: row.title, text: row.text };
}
