import { domain } from '../../lib/domain.ts';
import { registerMailPage } from './outbox-page.ts';

/** Mail and SMS: the sandbox outbox transport and its page (`/dev/mail`). */
export { sendMessage } from './outbox.ts';
export const mailDomain = domain('mail', registerMailPage);
