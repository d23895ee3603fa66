import * as w from '../wire.ts';
import { list, method } from './shared.ts';

// §7 `popups`: its methods.

export const popups = {
  get: method('popups', 'get', 'GET', 'public', w.noParams, list(), 'planned'),
};
