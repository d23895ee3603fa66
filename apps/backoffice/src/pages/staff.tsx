import { useCustomMutation, useList } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type api as contract, type ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Checkbox, Input, Select } from '@northstar/ui/forms';
import { errorMessage, fieldError } from '../api.ts';
import { DataTable, type Column } from '../resource.tsx';
import { Alert, Form, Muted, PageTitle, Row, Section, when } from '../ui.tsx';

type Account = ResponseOf<typeof contract.staff.liststaff>[number];

const ACCOUNT_COLUMNS: Column<Account>[] = [
  { header: 'Login', cell: (account) => account.login },
  { header: 'Roles', cell: (account) => account.roles.join(', ') },
  { header: 'Status', cell: (account) => account.status },
  {
    header: 'Authenticator',
    cell: (account) => (account.two_factor ? 'Set up' : 'At next sign-in'),
  },
  { header: 'Since', cell: (account) => when(account.created_at) },
];

/**
 * Staff accounts (admins only): make one with its roles (its first sign-in sets up its
 * authenticator app), change roles, block, or reset a lost phone's app, each with a reason.
 */
export function StaffPage() {
  const { result, query } = useList<Account>({ resource: 'staff', pagination: { mode: 'off' } });
  return (
    <>
      <PageTitle>Staff accounts</PageTitle>
      {query.error && <Alert role="alert">{errorMessage(query.error)}</Alert>}
      <Section aria-label="Accounts">
        <DataTable
          label="Staff list"
          columns={ACCOUNT_COLUMNS}
          rows={result.data}
          rowKey={(account) => account.id}
          empty={query.isLoading ? 'Loading…' : 'No accounts.'}
        />
      </Section>
      <NewAccount onDone={() => void query.refetch()} />
      <ChangeAccount accounts={result.data} onDone={() => void query.refetch()} />
    </>
  );
}

function RolePicker({
  chosen,
  onChange,
  legend,
  error,
}: {
  chosen: string[];
  onChange: (roles: string[]) => void;
  legend: string;
  error?: string | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? `${legend}-error` : undefined}>
      <legend>{legend}</legend>
      <Row>
        {STAFF_ROLES.map((role) => (
          <Checkbox
            key={role}
            label={role}
            checked={chosen.includes(role)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, role] : chosen.filter((r) => r !== role))
            }
          />
        ))}
      </Row>
      {error && <Muted id={`${legend}-error`}>{error}</Muted>}
    </fieldset>
  );
}

function NewAccount({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<string[]>(['support']);
  const { mutate, mutation } = useCustomMutation();
  function submit(event: FormEvent) {
    event.preventDefault();
    mutate(
      {
        url: 'staff/createstaff',
        method: 'post',
        values: { email, password, roles: roles.join(',') },
      },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
          onDone();
        },
      },
    );
  }
  const error = mutation.error;
  const general =
    error && !['email', 'password', 'roles'].some((f) => fieldError(error, f))
      ? errorMessage(error)
      : null;
  return (
    <Section aria-labelledby="new-account">
      <h2 id="new-account">New account</h2>
      {general && <Alert role="alert">{general}</Alert>}
      {mutation.isSuccess && (
        <Alert $tone="success">
          Account made. Its first sign-in sets up its authenticator app.
        </Alert>
      )}
      <Form onSubmit={submit}>
        <Input
          label="E-mail"
          name="email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError(error, 'email')}
        />
        <Input
          label="First password (6–20 characters)"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError(error, 'password')}
        />
        <RolePicker
          legend="Roles"
          chosen={roles}
          onChange={setRoles}
          error={fieldError(error, 'roles')}
        />
        <Button type="submit" disabled={mutation.isPending}>
          Make the account
        </Button>
      </Form>
    </Section>
  );
}

function ChangeAccount({ accounts, onDone }: { accounts: Account[]; onDone: () => void }) {
  const [id, setId] = useState('');
  const [reason, setReason] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const { mutate, mutation } = useCustomMutation();
  const account = accounts.find((a) => String(a.id) === id);
  const call = (url: string, values: Record<string, unknown>) =>
    mutate(
      { url, method: 'post', values: { staff_id: Number(id), reason, ...values } },
      {
        onSuccess: () => {
          setReason('');
          onDone();
        },
      },
    );
  return (
    <Section aria-labelledby="change-account">
      <h2 id="change-account">Change an account</h2>
      {mutation.error &&
        !fieldError(mutation.error, 'reason') &&
        !fieldError(mutation.error, 'roles') && (
          <Alert role="alert">{errorMessage(mutation.error)}</Alert>
        )}
      <Form onSubmit={(event) => event.preventDefault()}>
        <Select
          label="Account"
          name="staff_id"
          placeholder="Choose…"
          value={id}
          options={accounts.map((a) => ({ value: String(a.id), label: a.login }))}
          onChange={(event) => {
            setId(event.target.value);
            const chosen = accounts.find((a) => String(a.id) === event.target.value);
            setRoles(chosen ? [...chosen.roles] : []);
          }}
        />
        {account && (
          <>
            <RolePicker
              legend="Its roles"
              chosen={roles}
              onChange={setRoles}
              error={fieldError(mutation.error, 'roles')}
            />
            <Input
              label="Reason (kept in the audit log)"
              name="reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={fieldError(mutation.error, 'reason')}
            />
            <Row>
              <Button
                type="button"
                disabled={mutation.isPending}
                onClick={() => call('staff/setstaffroles', { roles: roles.join(',') })}
              >
                Save the roles
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={mutation.isPending}
                onClick={() =>
                  call('staff/setstaffblocked', { blocked: account.status === 'active' ? 1 : 0 })
                }
              >
                {account.status === 'active' ? 'Block the account' : 'Unblock the account'}
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={mutation.isPending}
                onClick={() => call('staff/resetstafftwofactor', {})}
              >
                Reset its authenticator app
              </Button>
            </Row>
          </>
        )}
      </Form>
    </Section>
  );
}
