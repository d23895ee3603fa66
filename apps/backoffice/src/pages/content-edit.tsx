import { useCustomMutation, useOne } from '@refinedev/core';
import { Fragment, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import { Button } from '@northstar/ui';
import { ApiError, errorMessage, fieldError } from '../api.ts';
import { Alert, Facts, Form, Muted, PageTitle, Row, Section, when } from '../ui.tsx';
import { entryUrl, type ContentTypeInfo, type Entry, type Media } from './content-cms.ts';
import {
  entryData,
  FieldControl,
  formValues,
  FormProblem,
  labelOf,
  otherAttributes,
  Textarea,
  type FormValue,
} from './content-fields.tsx';
import {
  ContentTypeScreen,
  entryName,
  LocalePicker,
  StageActions,
  type useLocale,
} from './content-shared.tsx';

/**
 * Issue #30: one entry of any content type, edited as a draft. A new entry is saved as a draft
 * (or saved and published at once); a draft is changed and saved as often as needed, previewed
 * as saved, and published when ready: until then the site never shows it. A published entry's
 * changes are live when saved; unpublishing takes it off the site. Every save, publish and
 * delete is one audited change of `/cms`.
 */

type LocaleState = ReturnType<typeof useLocale>;

/** `/content/:type/new` and `/content/:type/:id`. */
export function ContentEditPage() {
  const { id = 'new' } = useParams();
  return (
    <ContentTypeScreen
      render={(type, localeState) => (
        <ContentEditor
          type={type}
          id={id === 'new' ? null : Number(id)}
          localeState={localeState}
        />
      )}
    />
  );
}

/** The editor of a collection's entry (`id`; null: a new one) or of a single type's entry. */
export function ContentEditor({
  type,
  id,
  localeState,
}: {
  type: ContentTypeInfo;
  id: number | null;
  localeState: LocaleState;
}) {
  const navigate = useNavigate();
  const single = type.schema.kind === 'singleType';
  const localized = type.schema.pluginOptions.i18n.localized;
  const { result, query } = useOne<Entry>({
    resource: type.apiID,
    id: id ?? 'single',
    dataProviderName: 'cms',
    meta: {
      single,
      locale: localized ? localeState.locale : null,
      populate: type.schema.populate.join(','),
    },
    queryOptions: { enabled: single || id !== null, retry: false },
  });
  // A single type not set yet in this locale is made by its first save.
  const missing = query.error instanceof ApiError && query.error.type === 'MethodNotFound';
  const entry = (single || id !== null) && !missing ? (result ?? null) : null;
  const loading = (single || id !== null) && query.isLoading;
  const locale = localized ? (entry?.locale ?? localeState.locale) : null;
  const list = `/content/${type.apiID}${locale ? `?locale=${locale}` : ''}`;
  const title = single
    ? type.schema.displayName
    : entry
      ? `${type.schema.displayName}: ${entryName(type, entry)}`
      : id === null
        ? `New entry of ${type.schema.displayName}`
        : type.schema.displayName;
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Section aria-label="Where">
        <Row>
          {localized && (single || id === null) ? (
            <LocalePicker localeState={localeState} />
          ) : (
            locale && <Muted>Locale: {locale}</Muted>
          )}
          {!single && <Link to={list}>Back to {type.schema.displayName}</Link>}
          <Link to="/content">All content</Link>
        </Row>
      </Section>
      {query.error && !missing && <Alert role="alert">{errorMessage(query.error)}</Alert>}
      {loading ? (
        <Muted role="status">Loading…</Muted>
      ) : (
        <>
          <Stage entry={entry} />
          <EntryForm
            key={`${entry?.id ?? 'new'}:${entry?.updatedAt ?? ''}:${locale ?? ''}`}
            type={type}
            entry={entry}
            locale={locale}
            onSaved={(saved) => {
              if (!single && id === null) {
                void navigate(
                  `/content/${type.apiID}/${saved.id}${locale ? `?locale=${locale}` : ''}`,
                );
              } else void query.refetch();
            }}
          />
          {entry && (
            <>
              <Preview type={type} entry={entry} />
              <Section aria-labelledby="entry-stage">
                <h2 id="entry-stage">Publish or delete</h2>
                <StageActions
                  type={type}
                  entry={entry}
                  locale={locale}
                  onDone={() => void query.refetch()}
                  onDeleted={() => void (single ? query.refetch() : navigate(list))}
                />
              </Section>
            </>
          )}
        </>
      )}
    </>
  );
}

function Stage({ entry }: { entry: Entry | null }) {
  if (!entry) return <Alert role="status">Not saved yet: the first save makes a draft.</Alert>;
  return entry.publishedAt ? (
    <Alert $tone="success" role="status">
      Published since {when(entry.publishedAt)}: on the site. Saved changes are live at once.
    </Alert>
  ) : (
    <Alert role="status">Draft: not on the site until it is published.</Alert>
  );
}

type Publication = 'draft' | 'publish' | 'keep';

function EntryForm({
  type,
  entry,
  locale,
  onSaved,
}: {
  type: ContentTypeInfo;
  entry: Entry | null;
  locale: string | null;
  onSaved: (saved: Entry) => void;
}) {
  const attributes = type.schema.attributes;
  const single = type.schema.kind === 'singleType';
  const [values, setValues] = useState(() => formValues(attributes, entry));
  const [other, setOther] = useState(() => otherAttributes(attributes, entry));
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<{ data: Entry }>();

  /** The button that sent the form says what becomes of the entry (Enter: the first one). */
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const publication = (submitter?.value ?? 'keep') as Publication;
    let data: Record<string, unknown>;
    try {
      data = entryData(attributes, values, other, entry);
    } catch (caught) {
      if (caught instanceof FormProblem) return setProblem(caught.field);
      throw caught;
    }
    setProblem(null);
    if (publication !== 'keep') data.publishedAt = publication === 'publish' ? true : null;
    const create = entry === null && !single;
    mutate(
      {
        url:
          create || single
            ? entryUrl(type.apiID, null, locale)
            : entryUrl(type.apiID, entry!.id, null),
        method: create ? 'post' : 'put',
        values: { data },
        dataProviderName: 'cms',
      },
      { onSuccess: (answer) => onSaved(answer.data.data) },
    );
  }

  const error = mutation.error;
  const named = Object.keys(attributes).some((name) => fieldError(error, name));
  const jsonError = (name: string) => (problem === name ? 'Not valid JSON.' : undefined);
  const set = (name: string) => (value: FormValue) =>
    setValues((current) => ({ ...current, [name]: value }));
  const live = Boolean(entry?.publishedAt);
  return (
    <Section aria-labelledby="entry-fields">
      <h2 id="entry-fields">Fields</h2>
      {error && !named && <Alert role="alert">{errorMessage(error)}</Alert>}
      <Form onSubmit={save} noValidate>
        {Object.entries(attributes).map(([name, attribute]) => (
          <FieldControl
            key={name}
            name={name}
            attribute={attribute}
            value={values[name] ?? null}
            onChange={set(name)}
            error={jsonError(name) ?? fieldError(error, name)}
          />
        ))}
        <Textarea
          label="Other attributes (JSON)"
          name="other"
          value={other}
          onChange={(event) => setOther(event.target.value)}
          error={jsonError('other')}
          hint="Attributes without a field of their own; a key taken out is cleared."
        />
        <Row>
          {live ? (
            <Button type="submit" name="publication" value="keep" disabled={mutation.isPending}>
              Save (live at once)
            </Button>
          ) : (
            <>
              <Button
                type="submit"
                name="publication"
                value="draft"
                variant="secondary"
                disabled={mutation.isPending}
              >
                Save draft
              </Button>
              <Button
                type="submit"
                name="publication"
                value="publish"
                disabled={mutation.isPending}
              >
                Save and publish
              </Button>
            </>
          )}
        </Row>
      </Form>
    </Section>
  );
}

const PreviewBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 720px;

  img {
    max-width: 100%;
    height: auto;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  h3 {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    font-size: 16px;
  }
  p {
    margin: 0;
    white-space: pre-wrap;
  }
`;

/** A long text as the site draws a page's: blank lines part paragraphs, `## ` starts a heading. */
function TextBlocks({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .map((block, index) =>
          block
            .split('\n')
            .map((line, at) =>
              line.startsWith('## ') ? (
                <h3 key={`${index}-${at}`}>{line.slice(3)}</h3>
              ) : (
                <p key={`${index}-${at}`}>{line}</p>
              ),
            ),
        )}
    </>
  );
}

/** The entry as saved: what "Publish" puts on the site. */
function Preview({ type, entry }: { type: ContentTypeInfo; entry: Entry }) {
  const attributes = Object.entries(type.schema.attributes);
  const images = attributes.filter(
    ([name, attribute]) =>
      attribute.type === 'media' && typeof (entry[name] as Media | null)?.url === 'string',
  );
  const texts = attributes.filter(
    ([name, attribute]) => attribute.type === 'text' && typeof entry[name] === 'string',
  );
  const facts = attributes.filter(
    ([name, attribute]) =>
      !['media', 'text', 'json'].includes(attribute.type) &&
      entry[name] !== undefined &&
      entry[name] !== null &&
      entry[name] !== '',
  );
  return (
    <Section aria-labelledby="entry-preview">
      <h2 id="entry-preview">Preview</h2>
      <Muted>
        As saved{entry.publishedAt ? ', and on the site' : ': what Publish puts on the site'}.
      </Muted>
      <PreviewBox>
        {images.map(([name]) => (
          <figure key={name}>
            <img
              src={(entry[name] as Media).url}
              alt={`${labelOf(name)} of ${entryName(type, entry)}`}
            />
          </figure>
        ))}
        {facts.length > 0 && (
          <Facts>
            {facts.map(([name]) => (
              <Fragment key={name}>
                <dt>{labelOf(name)}</dt>
                <dd>{String(entry[name] as string)}</dd>
              </Fragment>
            ))}
          </Facts>
        )}
        {texts.map(([name]) => (
          <div key={name}>
            <TextBlocks text={entry[name] as string} />
          </div>
        ))}
      </PreviewBox>
    </Section>
  );
}
