/** The mail and SMS outbox (providers/mail). */
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.ts';

/** Mail and SMS the platform sends; the sandbox transport keeps them here (`/dev/mail`). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  channel: text('channel').notNull().default('email'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});
