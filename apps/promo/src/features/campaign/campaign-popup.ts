/**
 * A campaign popup's content (§2 CampaignPopup, `?popup=<sysname>`): the content backend's
 * `popups` entry of that system name in the page's language: its title, text, optional image and
 * call to action.
 */
export interface CampaignPopup {
  sysname: string;
  title: string;
  text: string;
  image: string | null;
  /** The call to action; `external` for an https address of another site. */
  action: { label: string; url: string; external: boolean } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where a popup's button may lead: a path of this site (`/cashier/deposit`) or an https page of
 * another one. Anything else an editor typed (`javascript:…`, `//host`) gives no button: a popup
 * must never become a way to run script or to send players off-site unannounced.
 */
export function actionTarget(url: unknown): { url: string; external: boolean } | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  if (/^\/(?![/\\])/.test(value)) return { url: value, external: false };
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' ? { url: parsed.href, external: true } : null;
  } catch {
    return null;
  }
}

/** The first entry of a `/cms/popups` answer as a popup, or null (none, or not one we can show). */
export function readCampaignPopup(answer: unknown): CampaignPopup | null {
  const data = isRecord(answer) ? answer.data : null;
  const entry: unknown = Array.isArray(data) ? data[0] : null;
  if (!isRecord(entry) || typeof entry.title !== 'string' || entry.title.trim() === '') return null;
  const button = isRecord(entry.button) ? entry.button : null;
  const target = button ? actionTarget(button.url) : null;
  const label = typeof button?.label === 'string' ? button.label.trim() : '';
  const image = isRecord(entry.image) && typeof entry.image.url === 'string' ? entry.image.url : '';
  return {
    sysname: typeof entry.sysname === 'string' ? entry.sysname : '',
    title: entry.title,
    text: typeof entry.text === 'string' ? entry.text : '',
    image: image === '' ? null : image,
    action: target && label ? { label, ...target } : null,
  };
}

function popupUrl(sysname: string, locale: string, draft: boolean): string {
  const query = new URLSearchParams({
    'filters[sysname][$eq]': sysname,
    locale,
    populate: '*',
    'pagination[pageSize]': '1',
  });
  if (draft) query.set('status', 'draft');
  return `/cms/popups?${query}`;
}

/**
 * The popup of `sysname`. In preview (`#popup-preview`) the draft is asked first: the content
 * backend gives drafts to staff only, so for anyone else (401/403) the published popup is shown,
 * under the preview note.
 */
export const campaignPopupQuery = (sysname: string, locale: string, preview: boolean) => ({
  queryKey: ['cms', 'popups', sysname, locale, preview] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CampaignPopup | null> => {
    const read = async (draft: boolean) => {
      const response = await fetch(popupUrl(sysname, locale, draft), {
        signal,
        headers: { Accept: 'application/json' },
      });
      return response.ok ? readCampaignPopup(await response.json()) : undefined;
    };
    const found = preview ? await read(true) : undefined;
    if (found) return found;
    const published = await read(false);
    if (published === undefined) throw new Error('The campaign popup could not be read');
    return published;
  },
  staleTime: 5 * 60_000,
  // §7 content backend: no retry.
  retry: false,
});
