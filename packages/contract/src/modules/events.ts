import * as w from '../wire.ts';
import { anything, method } from './shared.ts';

// §7 `events`: its methods.

export const events = {
  handle: method(
    'events',
    'handle',
    'GET',
    'public',
    w.params({ event_name: w.text({ max: 128 }), event_params: w.optional(w.text({ max: 4000 })) }),
    anything,
    'planned',
  ),
};
