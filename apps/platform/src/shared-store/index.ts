/**
 * What several platform instances on one database share beyond their tables: notifications
 * between instances (PostgreSQL LISTEN/NOTIFY) and the request throttle's counters.
 */
export { listenTo, type ChannelEvents, type Unlisten } from './notifications.ts';
export {
  BatchedThrottle,
  countRequest,
  forgetEndedWindows,
  postgresThrottleStore,
  THROTTLE_FLUSH_MS,
  type ThrottleCount,
} from './throttle-store.ts';
