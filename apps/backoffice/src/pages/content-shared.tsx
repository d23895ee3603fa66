import { useCustom, useCustomMutation, type BaseRecord } from '@refinedev/core';
import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '@northstar/ui';
import { ConfirmDialog } from '@northstar/ui/dialog';
import { Select } from '@northstar/ui/forms';
import { errorMessage } from '../api.ts';
import { Alert, PageTitle, Row } from '../ui.tsx';
import {
  entryUrl,
  LOCALES_URL,
  TYPES_URL,
  type ContentTypeInfo,
  type Entry,
} from './content-cms.ts';

/**
 * What the content screens share (content.tsx, content-edit.tsx): the content types as the
 * content backend declares them, the locale the screens are in, an entry's name, and the stage
 * and delete buttons of an entry.
 */

/** The types operators edit most, first and in this order; the others follow by name. */
const FIRST = ['pages', 'banners', 'popups', 'seos', 'translations', 'redirects', 'site-config'];

/** The content types and their fields, as the content backend declares them. */
export function useContentTypes() {
  const { result, query } = useCustom<{ data: ContentTypeInfo[] }>({
    url: TYPES_URL,
    method: 'get',
    dataProviderName: 'cms',
    queryOptions: { staleTime: Infinity },
  });
  const types = [...(result.data?.data ?? [])].sort((a, b) => {
    const rank = (type: ContentTypeInfo) => {
      const index = FIRST.indexOf(type.apiID);
      return index === -1 ? FIRST.length : index;
    };
    return rank(a) - rank(b) || a.apiID.localeCompare(b.apiID);
  });
  return { types, query };
}

/** The type the route names (`/content/:type`), once the types are known. */
function useContentType() {
  const { type: name = '' } = useParams();
  const { types, query } = useContentTypes();
  return { name, type: types.find((type) => type.apiID === name) ?? null, query };
}

interface SiteLocale {
  code: string;
  name: string;
  isDefault: boolean;
}

/**
 * A screen of the type the route names: drawn once the types are known, an alert when the route
 * names none.
 */
export function ContentTypeScreen({
  render,
}: {
  render: (type: ContentTypeInfo, localeState: ReturnType<typeof useLocale>) => ReactNode;
}) {
  const { name, type, query } = useContentType();
  const localeState = useLocale();
  if (type) return render(type, localeState);
  return (
    <>
      <PageTitle>Content</PageTitle>
      {query.error ? (
        <Alert role="alert">{errorMessage(query.error)}</Alert>
      ) : (
        !query.isLoading && <Alert role="alert">There is no content type {name}.</Alert>
      )}
    </>
  );
}

/** The locale picked in the address (`?locale=`), else the site's default; and the choices. */
export function useLocale() {
  const [search, setSearch] = useSearchParams();
  const { result } = useCustom<BaseRecord>({
    url: LOCALES_URL,
    method: 'get',
    dataProviderName: 'cms',
    queryOptions: { staleTime: 60_000 },
  });
  // Refine answers `{}` until the list (an array) arrives.
  const locales = Array.isArray(result.data) ? (result.data as unknown as SiteLocale[]) : [];
  const fallback = locales.find((locale) => locale.isDefault)?.code ?? 'en-US';
  const locale = search.get('locale') ?? fallback;
  const choose = (code: string) => setSearch(code === fallback ? {} : { locale: code });
  return { locale, locales, choose };
}

/** The locale switch of a localised type's screens. */
export function LocalePicker({ localeState }: { localeState: ReturnType<typeof useLocale> }) {
  return (
    <Select
      label="Locale"
      name="locale"
      value={localeState.locale}
      onChange={(event) => localeState.choose(event.target.value)}
      options={localeState.locales.map((locale) => ({
        value: locale.code,
        label: `${locale.name} (${locale.code})`,
      }))}
    />
  );
}

/** What names an entry in a list and in the buttons' labels. */
export function entryName(type: ContentTypeInfo, entry: Entry): string {
  const main = type.schema.mainField;
  const value = main ? entry[main] : undefined;
  return typeof value === 'string' && value !== '' ? value : `#${entry.id}`;
}

/**
 * Publish or unpublish, and delete after a confirmation: the list's and the editor's buttons. The
 * platform audits each (`cms/publish`, `cms/unpublish`, `cms/delete`).
 */
export function StageActions({
  type,
  entry,
  locale,
  onDone,
  onDeleted = onDone,
}: {
  type: ContentTypeInfo;
  entry: Entry;
  locale: string | null;
  onDone: () => void;
  onDeleted?: () => void;
}) {
  const { mutate, mutation } = useCustomMutation();
  const [confirming, setConfirming] = useState(false);
  const single = type.schema.kind === 'singleType';
  const url = entryUrl(type.apiID, single ? null : entry.id, single ? locale : null);
  const name = entryName(type, entry);
  const stage = (publishedAt: true | null) =>
    mutate(
      { url, method: 'put', values: { data: { publishedAt } }, dataProviderName: 'cms' },
      { onSuccess: onDone },
    );
  return (
    <div>
      {mutation.error && <Alert role="alert">{errorMessage(mutation.error)}</Alert>}
      <Row>
        {entry.publishedAt ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={mutation.isPending}
            aria-label={`Unpublish ${name}`}
            onClick={() => stage(null)}
          >
            Unpublish
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={mutation.isPending}
            aria-label={`Publish ${name}`}
            onClick={() => stage(true)}
          >
            Publish
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${name}…`}
          onClick={() => setConfirming(true)}
        >
          Delete…
        </Button>
      </Row>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${name}?`}
        closeLabel="Close"
        rejectLabel="Keep it"
        agreeLabel="Delete"
        busy={mutation.isPending}
        onClose={() => setConfirming(false)}
        onAgree={() =>
          mutate(
            { url, method: 'delete', values: {}, dataProviderName: 'cms' },
            {
              onSuccess: () => {
                setConfirming(false);
                onDeleted();
              },
            },
          )
        }
      >
        <p>It leaves the site at once and cannot be brought back. The audit log keeps a copy.</p>
      </ConfirmDialog>
    </div>
  );
}
