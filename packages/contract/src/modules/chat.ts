import * as w from '../wire.ts';
import { method, ok } from './shared.ts';

// §7 `chat`: its methods.

export const chat = {
  storeChatEvent: method(
    'chat',
    'storeChatEvent',
    'POST',
    'player',
    w.params({
      channel_id: w.text({ max: 128 }),
      conversation_id: w.text({ max: 128 }),
      text: w.text({ max: 4000 }),
      event: w.oneOf(['sent', 'received']),
    }),
    ok,
    'planned',
  ),
};
