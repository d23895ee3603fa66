import * as v from 'valibot';
import * as w from '../wire.ts';
import { method, ok } from './shared.ts';

// §7 `storage`: its methods.

export const storage = {
  /** `keys`: comma-joined; answers the stored ones as key → value (absent keys are left out). */
  get: method(
    'storage',
    'get',
    'GET',
    'player',
    w.params({ keys: w.text({ max: 2000 }) }),
    v.record(v.string(), v.string()),
    'built',
  ),
  getKeys: method('storage', 'getKeys', 'GET', 'player', w.noParams, v.array(v.string()), 'built'),
  /**
   * An empty value removes the key. The 4 KB per value and 64 KB per player quotas answer
   * StorageQuotaExceeded (§8) whatever the value's size, so the wire limit here is the request
   * body limit (1 MiB, server.ts): a larger value cannot arrive at all.
   */
  set: method(
    'storage',
    'set',
    'POST',
    'player',
    w.params({
      key: w.text({ max: 128 }),
      // Kept as sent (no trimming): a stored value comes back byte for byte.
      value: v.pipe(v.string('wrong_field'), v.maxLength(1024 * 1024, 'max_length')),
    }),
    ok,
    'built',
  ),
};
