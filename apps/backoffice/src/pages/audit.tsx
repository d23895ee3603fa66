import { useList } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import type { api as contract, ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import { errorMessage } from '../api.ts';
import { Alert, Code, Muted, PageTitle, Row, Section, Table, TableWrap, when } from '../ui.tsx';

type Entry = ResponseOf<typeof contract.staff.listaudit>['items'][number];
const PAGE = 50;

/** Who did what, when, before and after: the audit log, filtered (nobody can edit it). */
export function AuditPage() {
  const [draft, setDraft] = useState({ action: '', player_id: '', kind: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const { result, query } = useList<Entry>({
    resource: 'audit',
    pagination: { currentPage: page, pageSize: PAGE },
    filters: Object.entries(filters).map(([field, value]) => ({
      field,
      operator: 'eq' as const,
      value,
    })),
  });
  function apply(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setFilters(draft);
  }
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const pages = Math.max(1, Math.ceil((result.total ?? 0) / PAGE));
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Section aria-label="Filter">
        <form onSubmit={apply}>
          <Row>
            <Input
              label="Action (module/method)"
              name="action"
              value={draft.action}
              onChange={set('action')}
            />
            <Input
              label="Player id"
              name="player_id"
              inputMode="numeric"
              value={draft.player_id}
              onChange={set('player_id')}
            />
            <Select
              label="Kind"
              name="kind"
              value={draft.kind}
              onChange={set('kind')}
              options={[
                { value: '', label: 'Reads and changes' },
                { value: 'change', label: 'Changes' },
                { value: 'read', label: 'Reads of personal data' },
              ]}
            />
            <Button type="submit">Filter</Button>
          </Row>
        </form>
      </Section>
      {query.error && <Alert role="alert">{errorMessage(query.error)}</Alert>}
      <Section aria-label="Entries">
        <p>
          <Muted>{result.total ?? 0} entries</Muted>
        </p>
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Player</th>
                <th scope="col">Reason</th>
                <th scope="col">Before → after</th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>
                    {entry.actor_login} <Muted>({entry.actor_roles.join(', ')})</Muted>
                  </td>
                  <td>
                    {entry.action} <Muted>{entry.kind}</Muted>
                  </td>
                  <td>
                    {entry.subject_type}
                    {entry.subject_id ? ` ${entry.subject_id}` : ''}
                  </td>
                  <td>{entry.player_id ?? '—'}</td>
                  <td>{entry.reason ?? '—'}</td>
                  <td>
                    {entry.kind === 'change' ? (
                      <Code>
                        {JSON.stringify(entry.before)} → {JSON.stringify(entry.after)}
                      </Code>
                    ) : (
                      <Muted>read</Muted>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
        <Row>
          <Button
            size="sm"
            variant="secondary"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            Newer
          </Button>
          <Muted>
            Page {page} of {pages}
          </Muted>
          <Button
            size="sm"
            variant="secondary"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </Button>
        </Row>
      </Section>
    </>
  );
}
