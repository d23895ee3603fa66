import { useCustom, useCustomMutation, useGetIdentity, type BaseRecord } from '@refinedev/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { MethodDefinition, ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { errorMessage, fieldError } from './api.ts';
import type { StaffIdentity } from './auth-provider.ts';
import { Alert, Form, Muted, Section, Table, TableWrap } from './ui.tsx';

/**
 * The pieces the operations screens share (issue #30): a staff method read with Refine's
 * `useCustom` (so an ended session sends the member to the sign-in page like the lists do), a
 * table drawn from column definitions, and a form bound to one staff method whose field errors
 * land on their fields. Each screen is then only its columns and fields.
 */

const keyOf = (definition: MethodDefinition) => `${definition.module}/${definition.method}`;

/**
 * Whether the signed-in member's roles may call a staff method: a screen leaves out the forms
 * and buttons of the changes their role may not make (the platform refuses them anyway).
 */
export function useMayCall(definition: MethodDefinition): boolean {
  const { data: me } = useGetIdentity<StaffIdentity>();
  return (definition.roles ?? []).some((role) => me?.roles.includes(role));
}

/** A staff method's GET answer, typed by the contract; `data` is undefined until it arrives. */
export function useStaffRead<M extends MethodDefinition>(
  definition: M,
  params: Record<string, string | number> = {},
) {
  const { query } = useCustom<BaseRecord>({
    url: keyOf(definition),
    method: 'get',
    config: { query: params },
  });
  // The query's own answer: Refine's `result.data` is an empty object until it arrives.
  return { data: query.data?.data as unknown as ResponseOf<M> | undefined, query };
}

/** One column: its heading and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A table of rows under named columns (scrolls sideways on a phone, focusable so a keyboard can
 * scroll it too), or `empty` when there are none.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: string;
}) {
  if (rows.length === 0) return <Muted>{empty}</Muted>;
  return (
    <TableWrap role="region" aria-label={label}>
      <Table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

/** A section listing what a staff method answers: the error, or the table. */
export function ListSection<T>({
  title,
  error,
  ...table
}: {
  title: string;
  error: unknown;
} & Parameters<typeof DataTable<T>>[0]) {
  const id = `list-${table.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {error ? <Alert role="alert">{errorMessage(error)}</Alert> : <DataTable {...table} />}
    </Section>
  );
}

type Values<K extends string> = Record<K, string>;

/**
 * A form's values and its one staff method: `field(name)` gives a text field its value, change
 * and error (the platform's `invalid_parameters`, translated); `submit` posts the values with
 * `extra` (empty ones left out: the method's optional params), and clears the form when it went
 * through. `general` is an error that names none of the form's fields.
 */
export function useStaffForm<K extends string>(
  definition: MethodDefinition,
  initial: Values<K>,
  options: {
    /** Params made from the values (they replace a value of the same name). */
    extra?: (values: Values<K>) => Record<string, string | number>;
    /** The form's own values that are no param (the platform refuses unknown params). */
    omit?: readonly NoInfer<K>[];
    onDone?: () => void;
  } = {},
) {
  const [values, setValues] = useState(initial);
  const allowed = useMayCall(definition);
  const { mutate, mutation } = useCustomMutation();
  const error = mutation.error;
  // The fields an error may name: the form's, and the params made from them.
  const names = [...Object.keys(initial), ...Object.keys(options.extra?.(values) ?? {})];
  const set = (name: K, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return {
    allowed,
    values,
    set,
    /** Fills the form with a record's values (to change it). */
    load: (next: Partial<Values<K>>) => setValues((current) => ({ ...current, ...next })),
    field: (name: K) => ({
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => set(name, event.target.value),
      error: fieldError(error, name),
    }),
    /** A checkbox bound to `name`: `'1'` when ticked, left out when not. */
    check: (name: K) => ({
      name,
      checked: values[name] === '1',
      onChange: (event: { target: { checked: boolean } }) =>
        set(name, event.target.checked ? '1' : ''),
      error: fieldError(error, name),
    }),
    error: (name: string) => fieldError(error, name),
    general: error && !names.some((name) => fieldError(error, name)) ? errorMessage(error) : null,
    pending: mutation.isPending,
    done: mutation.isSuccess,
    submit(event: FormEvent) {
      event.preventDefault();
      const omitted = new Set<string>(options.omit ?? []);
      const params = Object.fromEntries(
        Object.entries<string | number>({ ...values, ...options.extra?.(values) }).filter(
          ([name, value]) => !omitted.has(name) && String(value).trim() !== '',
        ),
      );
      mutate(
        { url: keyOf(definition), method: 'post', values: params },
        {
          onSuccess: () => {
            setValues(initial);
            options.onDone?.();
          },
        },
      );
    },
  };
}

export type StaffForm = ReturnType<typeof useStaffForm>;

/** A form in a section of its own: its title, its messages, its fields and one button. */
export function FormSection({
  title,
  form,
  submit,
  success,
  children,
}: {
  title: string;
  form: Pick<StaffForm, 'allowed' | 'general' | 'done' | 'pending' | 'submit'>;
  submit: string;
  success: string;
  children: ReactNode;
}) {
  const id = `form-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  if (!form.allowed) return null;
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {form.general && <Alert role="alert">{form.general}</Alert>}
      {form.done && <Alert $tone="success">{success}</Alert>}
      <Form onSubmit={form.submit} noValidate>
        {children}
        <Button type="submit" disabled={form.pending}>
          {submit}
        </Button>
      </Form>
    </Section>
  );
}

/** Related fields of a long form under a legend, two to a row where there is room. */
export const Group = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  margin: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(3)};

  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
`;

/** `2026-11-29T10:00:00.000Z` as a day, `—` for none (a code or offer without an end). */
/** A table cell's main text with its note (a description) in muted type on the line under it. */
export function Described({ children, note }: { children: ReactNode; note?: ReactNode }) {
  return (
    <>
      {children}
      {note ? (
        <>
          <br />
          <Muted>{note}</Muted>
        </>
      ) : null}
    </>
  );
}

export const dayOrDash = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** A button that calls one staff method with fixed params (the platform audits it). */
export function ActionButton({
  definition,
  values,
  children,
  label,
  variant = 'secondary',
  onDone,
}: {
  definition: MethodDefinition;
  values: Record<string, string | number>;
  children: ReactNode;
  /** What the button does, for a screen reader (names the record: rows have one button each). */
  label: string;
  variant?: 'secondary' | 'ghost';
  onDone: () => void;
}) {
  const { mutate, mutation } = useCustomMutation();
  const allowed = useMayCall(definition);
  if (!allowed) return null;
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        disabled={mutation.isPending}
        aria-label={label}
        onClick={() =>
          mutate({ url: keyOf(definition), method: 'post', values }, { onSuccess: onDone })
        }
      >
        {children}
      </Button>
      {mutation.error && <Alert role="alert">{errorMessage(mutation.error)}</Alert>}
    </>
  );
}

/** Switches a record on or off (`is_active`). */
export function SwitchButton({
  active,
  label,
  values,
  ...rest
}: {
  definition: MethodDefinition;
  values: Record<string, string | number>;
  active: boolean;
  label: string;
  onDone: () => void;
}) {
  const action = active ? 'Switch off' : 'Switch on';
  return (
    <ActionButton
      {...rest}
      values={{ ...values, is_active: active ? 0 : 1 }}
      label={`${action} ${label}`}
      variant={active ? 'ghost' : 'secondary'}
    >
      {action}
    </ActionButton>
  );
}

/** A table's status column: on or off, and the button that switches the row (when allowed). */
export function switchColumn<T extends { is_active: boolean }>(options: {
  definition: MethodDefinition;
  /** The params that name the row (`{ id }`, `{ template_id }`). */
  values: (row: T) => Record<string, string | number>;
  /** The row in words, for the button's accessible name (`code WELCOME100`). */
  label: (row: T) => string;
  onDone: () => void;
}): Column<T> {
  return {
    header: 'Status',
    cell: (row) => (
      <Inline>
        <span>{row.is_active ? 'On' : 'Off'}</span>
        <SwitchButton
          definition={options.definition}
          values={options.values(row)}
          active={row.is_active}
          label={options.label(row)}
          onDone={options.onDone}
        />
      </Inline>
    ),
  };
}

/** A word and a button side by side, centred on one line. */
const Inline = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;
