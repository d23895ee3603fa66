export { eventsHandlers } from './handlers.ts';
