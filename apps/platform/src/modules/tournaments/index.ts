export { tournamentsHandlers } from './handlers.ts';
