import * as v from 'valibot';
import * as w from '../wire.ts';
import { fieldsParam, list, method, paging } from './shared.ts';

// §7 `banners`: its methods.

const bannerImage = v.nullable(
  v.object({ url: v.string(), width: v.nullable(v.number()), height: v.nullable(v.number()) }),
);

/**
 * §3 Banner (id, finished_at, description.position) as `banners/get` serves the main banners
 * (issue #26): with its title, its link (a site path or an https address; null: none) and its §9
 * images (mobile 360×240, tablet 360×520).
 */
export const banner = v.object({
  id: v.number(),
  title: v.string(),
  link: v.nullable(v.string()),
  finished_at: v.nullable(v.string()),
  description: v.object({ position: v.nullable(v.string()) }),
  image_mobile: bannerImage,
  image_tablet: bannerImage,
});

export const banners = {
  get: method(
    'banners',
    'get',
    'GET',
    'public',
    w.params({ ...paging, fields: fieldsParam }),
    list(banner),
    'built',
  ),
};
