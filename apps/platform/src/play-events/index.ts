/**
 * Play events' door (issue #27): one stream of every settled round and bet, published in the
 * transaction that moves its money (wallet/seamless for the casino: bets, wins, rollbacks of
 * every provider, the platform's own games included, as they reach money only through it), read
 * by each consumer (tournaments/, loyalty/ next, …) with its own cursor, once, on any instance.
 * Its tables (`play_events`, `play_event_cursors`, schema.ts) are read and written only here;
 * SQL callers publish through the `play_event_publish` function (sql/publish.sql). A publisher
 * announces its events after its transaction commits (`announcePlayEvents`), never inside it.
 */
export { publishPlayEvent, type PlayEventInput, type PlayEventKind } from './publish.ts';
export { ANNOUNCE_COALESCE_MS, announcePlayEvents } from './announce.ts';
export {
  consumeBatch,
  heldBack,
  startConsumer,
  unreadBefore,
  type PlayEvent,
  type PlayEventHandler,
  type RunningConsumer,
} from './consumer.ts';
