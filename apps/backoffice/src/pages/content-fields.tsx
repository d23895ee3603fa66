import { useId, useState, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import {
  Checkbox,
  controlStyles,
  describedBy,
  Field,
  FieldLabel,
  FieldMessages,
  Input,
  Select,
} from '@northstar/ui/forms';
import { errorMessage } from '../api.ts';
import { Muted } from '../ui.tsx';
import { cmsFetch, RESERVED, type Attribute, type Entry, type Media } from './content-cms.ts';

/**
 * The fields of the generic content screen, one control per kind of attribute the content type
 * declares (`Attribute`): one-line and long texts, numbers, switches, choices, images (an address
 * or an upload through `/cms/upload`) and JSON for components. Every control has its label, its
 * hint and its error message under it, announced with it (the design system's fields).
 */

/** Form state: texts, numbers and choices as typed; switches; images; JSON as text. */
export type FormValue = string | boolean | Media | null;
export type FormValues = Record<string, FormValue>;

/** Names operators read better than the attribute's own. */
const LABELS: Record<string, string> = {
  from_url: 'From (a path, * for any part)',
  to_url: 'To (a path or https address)',
  status: 'Status code',
  finished_at: 'Ends at (ISO date, empty: never)',
  banner_type: 'Banner type (main or auth)',
  image_mobile: 'Phone image (360×240)',
  image_tablet: 'Tablet image (360×520)',
  image_735_240: 'Sign-up popup image (735×240)',
  image_360_520: 'Sign-up popup image, phone (360×520)',
  isEnabled: 'Enabled',
  sysname: 'System name',
  url: 'URL',
  seo: 'SEO (JSON)',
};

/** `image_mobile` → "Image mobile", `isExternal` → "Is external". */
export function labelOf(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const Area = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  min-height: 120px;
  padding: 10px 14px;
  font: inherit;
  line-height: 1.5;
  resize: vertical;
`;

interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A long text field, in the design system's field chrome (label, hint, error). */
export function Textarea({ label, error, hint, id, ...rest }: TextareaProps) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <Field>
      <FieldLabel htmlFor={areaId}>{label}</FieldLabel>
      <Area
        id={areaId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, `${areaId}-hint`, error, `${areaId}-error`)}
        {...rest}
      />
      <FieldMessages
        hint={hint}
        hintId={`${areaId}-hint`}
        error={error}
        errorId={`${areaId}-error`}
      />
    </Field>
  );
}

function hintOf(attribute: Attribute): string | undefined {
  const parts: string[] = [];
  if (attribute.required) parts.push('Required');
  if (attribute.regex === '^[a-z0-9][a-z0-9-]*$') parts.push('lower-case letters, digits, hyphens');
  if (attribute.maxLength && attribute.type === 'string') {
    parts.push(`up to ${attribute.maxLength} characters`);
  }
  if (attribute.type === 'json') parts.push('JSON');
  return parts.length ? `${parts.join(', ')}.` : undefined;
}

export interface ControlProps {
  name: string;
  attribute: Attribute;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string | undefined;
}

/** The control of one attribute. */
export function FieldControl({ name, attribute, value, onChange, error }: ControlProps) {
  const label = labelOf(name);
  const hint = hintOf(attribute);
  const text = typeof value === 'string' ? value : '';
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(event.target.value);
  switch (attribute.type) {
    case 'boolean':
      return (
        <Checkbox
          label={label}
          name={name}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'enumeration':
      return (
        <Select
          label={label}
          name={name}
          value={text}
          error={error}
          onChange={onText}
          options={[
            ...(attribute.required ? [] : [{ value: '', label: '—' }]),
            ...(attribute.enum ?? []).map((option) => ({
              value: String(option),
              label: String(option),
            })),
          ]}
        />
      );
    case 'media':
      return (
        <MediaField name={name} label={label} value={value} onChange={onChange} error={error} />
      );
    case 'text':
    case 'json':
      return (
        <Textarea
          label={label}
          name={name}
          value={text}
          onChange={onText}
          error={error}
          hint={hint}
          spellCheck={attribute.type === 'text'}
        />
      );
    default:
      return (
        <Input
          label={label}
          name={name}
          value={text}
          onChange={onText}
          error={error}
          hint={hint}
          {...(attribute.type === 'integer'
            ? { type: 'number', inputMode: 'numeric' as const, step: 1 }
            : {})}
          {...(attribute.maxLength ? { maxLength: attribute.maxLength } : {})}
        />
      );
  }
}

const MediaSet = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;

  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-size: 14px;
    font-weight: 600;
  }
`;

const MediaRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-end;

  & > * {
    flex: 1 1 220px;
  }

  img {
    flex: none;
    max-width: 120px;
    max-height: 80px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

/** An image: its address (a site path or https), or a file uploaded into the media library. */
function MediaField({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string | undefined;
}) {
  const media = value && typeof value === 'object' ? value : null;
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('files', file, file.name);
    setUploading(true);
    setFailure(null);
    try {
      const [stored] = await cmsFetch<Media[]>('POST', '/cms/upload', form);
      if (stored)
        onChange({ url: stored.url, width: stored.width ?? null, height: stored.height ?? null });
    } catch (caught) {
      setFailure(errorMessage(caught));
    } finally {
      setUploading(false);
    }
  }
  return (
    <MediaSet>
      <legend>{label}</legend>
      <MediaRow>
        <Input
          label="Image address"
          name={`${name}.url`}
          value={media?.url ?? ''}
          error={error ?? failure ?? undefined}
          onChange={(event) =>
            // A typed address has no known size (an upload's has): the site then uses the §9 size.
            onChange(event.target.value === '' ? null : { url: event.target.value })
          }
        />
        <Input
          label="Or upload an image"
          name={`${name}.file`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml"
          disabled={uploading}
          onChange={(event) => void upload(event)}
        />
        {media?.url ? <img src={media.url} alt={`${label}, as set`} /> : null}
      </MediaRow>
      {uploading && <Muted role="status">Uploading…</Muted>}
    </MediaSet>
  );
}

/** The form's values for an entry (or a new one): each attribute as its control holds it. */
export function formValues(attributes: Record<string, Attribute>, entry: Entry | null): FormValues {
  const values: FormValues = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const value = entry?.[name];
    switch (attribute.type) {
      case 'boolean':
        values[name] = value === true;
        break;
      case 'media':
        values[name] =
          value && typeof value === 'object' && typeof (value as Media).url === 'string'
            ? (value as Media)
            : null;
        break;
      case 'json':
        values[name] = value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
        break;
      default:
        values[name] = value === undefined || value === null ? '' : String(value as string);
    }
  }
  return values;
}

/** The attributes of an entry that no field shows (free-form ones), as JSON text. */
export function otherAttributes(
  attributes: Record<string, Attribute>,
  entry: Entry | null,
): string {
  const rest = Object.fromEntries(
    Object.entries(entry ?? {}).filter(([key]) => !(key in attributes) && !RESERVED.has(key)),
  );
  return Object.keys(rest).length ? JSON.stringify(rest, null, 2) : '';
}

/** A field the form itself refuses (JSON that does not parse). */
export class FormProblem extends Error {
  readonly field: string;
  constructor(field: string) {
    super(`${field} is not valid JSON`);
    this.field = field;
  }
}

function parseJson(field: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FormProblem(field);
  }
}

/**
 * The `data` of a create or update: each field's value in the attribute's type. An emptied field
 * is cleared (null where the type allows it, an empty text otherwise); one that was never set and
 * is still empty is left out. Free-form attributes come from `other`; one removed there is cleared.
 */
export function entryData(
  attributes: Record<string, Attribute>,
  values: FormValues,
  other: string,
  entry: Entry | null,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const had = (name: string) => entry?.[name] !== undefined && entry[name] !== null;
  for (const [name, attribute] of Object.entries(attributes)) {
    const value = values[name];
    const empty = value === '' || value === null;
    if (attribute.type === 'boolean') data[name] = value === true;
    else if (!empty) {
      if (attribute.type === 'integer') data[name] = Number(value);
      else if (attribute.type === 'json') data[name] = parseJson(name, value as string);
      else if (attribute.type === 'enumeration')
        data[name] = attribute.enum?.find((option) => String(option) === value) ?? value;
      else data[name] = value;
    } else if (attribute.required) data[name] = '';
    else if (had(name)) {
      if (attribute.nullable || attribute.type === 'media' || attribute.type === 'json')
        data[name] = null;
      else if (attribute.type !== 'integer' && attribute.type !== 'enumeration') data[name] = '';
    }
  }
  const extra = other.trim() ? parseJson('other', other) : {};
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra))
    throw new FormProblem('other');
  for (const key of Object.keys(JSON.parse(otherAttributes(attributes, entry) || '{}') as object)) {
    if (!(key in extra)) data[key] = null;
  }
  return { ...extra, ...data };
}
