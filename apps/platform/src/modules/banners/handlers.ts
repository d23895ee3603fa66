import type { ModuleHandlers } from '../handlers.ts';
import { entriesOf } from '../../content/index.ts';
import { isRecord } from '../../lib/input.ts';

/** §9: banners are fetched ten at a time. */
export const BANNER_COUNT = 10;

interface BannerImage {
  url: string;
  width: number | null;
  height: number | null;
}

function image(value: unknown): BannerImage | null {
  if (!isRecord(value) || typeof value.url !== 'string' || value.url === '') return null;
  const size = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);
  return { url: value.url, width: size(value.width), height: size(value.height) };
}

/**
 * A banner's link as the site may follow it: a path of this site, or an https address of another
 * one (opened as external). Anything else an editor typed (`javascript:`, `//host`, plain words)
 * is dropped rather than served: the banner then shows without a link.
 */
export function bannerLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const link = value.trim();
  if (/^\/(?![/\\])/.test(link)) return link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

export const bannersHandlers: ModuleHandlers<'banners'> = {
  /**
   * §7 Banners `get`, §3 Banner: the main banners of the request's language from the content
   * backend, published and not finished, in the editors' order, with their link and their §9
   * images (mobile 360×240, tablet 360×520). The auth popup's banner is not a main one.
   */
  async get(ctx, params) {
    const now = ctx.app.now().getTime();
    const entries = await entriesOf(ctx.app, 'banners', ctx.locale);
    const live = entries
      .filter((entry) => (entry.banner_type ?? 'main') === 'main')
      .filter((entry) => {
        const finished =
          typeof entry.finished_at === 'string' ? Date.parse(entry.finished_at) : Number.NaN;
        return Number.isNaN(finished) || finished > now;
      })
      .map((entry) => ({
        id: Number(entry.id),
        title: typeof entry.title === 'string' ? entry.title : '',
        link: bannerLink(entry.link),
        finished_at: typeof entry.finished_at === 'string' ? entry.finished_at : null,
        description: {
          position:
            isRecord(entry.description) && typeof entry.description.position === 'string'
              ? entry.description.position
              : null,
        },
        image_mobile: image(entry.image_mobile),
        image_tablet: image(entry.image_tablet),
      }))
      .filter((banner) => banner.image_mobile !== null || banner.image_tablet !== null);
    const offset = params.offset ?? 0;
    const count = params.count ?? BANNER_COUNT;
    return { total: live.length, items: live.slice(offset, offset + count) };
  },
};
