import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import { sendMessage } from '../../providers/mail/index.ts';
import { assertBelow, record, type Limit } from '../../identity/index.ts';
import { unsubscribeLink } from './unsubscribe-link.ts';

/** At most three "you are subscribed" mails per contact a day, however often it is toggled. */
const SUBSCRIBED_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
const SUBSCRIBED_MAIL_MAX = 3;

/**
 * The one marketing-type mail the platform sends so far: sent when an e-mail contact is switched
 * on, it confirms the choice and carries the contact's unsubscribe link (also the sandbox's way to
 * get a link for e2e tests, through `/dev/mail`). The address may still be unconfirmed, as after
 * registration with `notify`, so the mail is capped per contact: toggling cannot flood an address
 * someone else typed in, and whoever receives it can opt out in one click.
 */
export async function sendSubscribedMail(
  app: AppContext,
  target: { playerId: number; contactId: number; email: string },
): Promise<void> {
  const limits: Limit[] = [
    {
      key: `subscribed_mail:${target.contactId}`,
      max: SUBSCRIBED_MAIL_MAX,
      windowMs: SUBSCRIBED_MAIL_WINDOW_MS,
    },
  ];
  try {
    await assertBelow(app.database, limits, app.now());
  } catch (error) {
    // Over the cap the subscription still changes; only the courtesy mail is skipped.
    if (error instanceof ApiError && error.type === 'TooManyRequests') return;
    throw error;
  }
  await record(app.database, limits, app.now());
  const link = unsubscribeLink(
    app.secret,
    { playerId: target.playerId, contactId: target.contactId },
    app.config.publicUrl ?? null,
  );
  await sendMessage(app.database.db, {
    recipient: target.email,
    channel: 'email',
    subject: 'You are subscribed to Northstar news and offers',
    body: `You will now receive Northstar news and offers at this address. To stop them at any time, open this link (no sign-in needed): ${link}`,
  });
}
