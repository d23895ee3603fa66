import * as w from '../wire.ts';
import { fieldsParam, list, method, paging } from './shared.ts';

// §7 `banners`: its methods.

export const banners = {
  get: method(
    'banners',
    'get',
    'GET',
    'public',
    w.params({ ...paging, fields: fieldsParam }),
    list(),
    'planned',
  ),
};
