import { useList } from '@refinedev/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api.ts';
import { DataTable, type Column } from '../resource.tsx';
import { Alert, PageTitle, Pager, Row, Section, when } from '../ui.tsx';
import type { ContentTypeInfo, Entry } from './content-cms.ts';
import { ContentEditor } from './content-edit.tsx';
import { labelOf } from './content-fields.tsx';
import {
  entryName,
  LocalePicker,
  StageActions,
  ContentTypeScreen,
  useContentTypes,
  type useLocale,
} from './content-shared.tsx';

/**
 * Issue #30: the site's content from the back office, through `/cms`, for content editors and
 * admins. One generic screen serves every content type (pages, banners, popups, SEO,
 * translations, the redirect table, the site config and the menus), drawn from the fields the
 * content backend declares for it: a list of entries with their stage (draft or published),
 * publish and unpublish, delete after a confirmation, and the editor (content-edit.tsx).
 */

const TYPE_COLUMNS: Column<ContentTypeInfo>[] = [
  {
    header: 'Content',
    cell: (type) => <Link to={`/content/${type.apiID}`}>{type.schema.displayName}</Link>,
  },
  {
    header: 'Kind',
    cell: (type) => (type.schema.kind === 'singleType' ? 'One entry' : 'List of entries'),
  },
  {
    header: 'Per locale',
    cell: (type) => (type.schema.pluginOptions.i18n.localized ? 'Yes' : 'No'),
  },
];

/** `/content`: every content type, with the kind of screen each opens. */
export function ContentTypesPage() {
  const { types, query } = useContentTypes();
  return (
    <>
      <PageTitle>Content</PageTitle>
      {query.error && <Alert role="alert">{errorMessage(query.error)}</Alert>}
      <Section aria-label="Content types">
        <DataTable
          label="Content type list"
          columns={TYPE_COLUMNS}
          rows={types}
          rowKey={(type) => type.apiID}
          empty={query.isLoading ? 'Loading…' : 'No content types.'}
        />
      </Section>
    </>
  );
}

const PAGE = 25;

/** `/content/:type`: the type's entries in a locale (a single type's one entry: its editor). */
export function ContentListPage() {
  return (
    <ContentTypeScreen
      render={(type, localeState) =>
        type.schema.kind === 'singleType' ? (
          <ContentEditor type={type} id={null} localeState={localeState} />
        ) : (
          <EntryList type={type} localeState={localeState} />
        )
      }
    />
  );
}

function EntryList({
  type,
  localeState,
}: {
  type: ContentTypeInfo;
  localeState: ReturnType<typeof useLocale>;
}) {
  const localized = type.schema.pluginOptions.i18n.localized;
  const locale = localized ? localeState.locale : null;
  const [page, setPage] = useState(1);
  const { result, query } = useList<Entry>({
    resource: type.apiID,
    dataProviderName: 'cms',
    pagination: { currentPage: page, pageSize: PAGE },
    meta: { locale },
  });
  const pages = Math.max(1, Math.ceil((result.total ?? 0) / PAGE));
  const main = type.schema.mainField;
  const title = type.schema.displayName;
  const search = locale ? `?locale=${locale}` : '';
  const newLink = `/content/${type.apiID}/new${search}`;
  const refetch = () => void query.refetch();
  const columns: Column<Entry>[] = [
    { header: 'Id', cell: (entry) => entry.id },
    {
      header: main ? labelOf(main) : 'Entry',
      cell: (entry) => (
        <Link to={`/content/${type.apiID}/${entry.id}${search}`}>{entryName(type, entry)}</Link>
      ),
    },
    { header: 'Stage', cell: (entry) => (entry.publishedAt ? 'Published' : 'Draft') },
    { header: 'Changed', cell: (entry) => when(entry.updatedAt) },
    {
      header: 'Actions',
      cell: (entry) => <StageActions type={type} entry={entry} locale={locale} onDone={refetch} />,
    },
  ];
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Section aria-label="Choose">
        <Row>
          {localized && <LocalePicker localeState={localeState} />}
          <Link to={newLink}>New entry</Link>
          <Link to="/content">All content</Link>
        </Row>
      </Section>
      {query.error && <Alert role="alert">{errorMessage(query.error)}</Alert>}
      <Section aria-label="Entries">
        <DataTable
          label={`${title}, page ${page}`}
          columns={columns}
          rows={result.data}
          rowKey={(entry) => entry.id}
          empty={query.isLoading ? 'Loading…' : `No entries${locale ? ` in ${locale}` : ''} yet.`}
        />
        <Pager page={page} pages={pages} onPage={setPage} />
      </Section>
    </>
  );
}
