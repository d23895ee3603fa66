import { useList } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { errorMessage } from '../api.ts';
import { Alert, Muted, PageTitle, Row, Section, Table, TableWrap, when } from '../ui.tsx';

/** Find a player by id, e-mail, phone or login (issue #30); each search is audited. */
export function PlayersPage() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const { result, query: list } = useList({
    resource: 'players',
    filters: [{ field: 'query', operator: 'eq', value: query }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: query !== '' },
  });

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(typed.trim());
  }

  return (
    <>
      <PageTitle>Players</PageTitle>
      <Section aria-label="Search players">
        <form onSubmit={search} role="search">
          <Row>
            <Input
              label="Id, e-mail, phone or login"
              name="query"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Button type="submit">Search</Button>
          </Row>
        </form>
      </Section>
      {list.error && <Alert role="alert">{errorMessage(list.error)}</Alert>}
      {query !== '' && !list.isLoading && (
        <Section aria-label="Results">
          {result.data.length === 0 ? (
            <Muted>No player matches “{query}”.</Muted>
          ) : (
            <TableWrap>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">Login</th>
                    <th scope="col">Name</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Status</th>
                    <th scope="col">Signed up</th>
                  </tr>
                </thead>
                <tbody>
                  {result.data.map((row) => (
                    <tr key={String(row.id)}>
                      <td>{row.id}</td>
                      <td>
                        <Link to={`/players/${row.id}`}>{row.login}</Link>
                      </td>
                      <td>{[row.first_name, row.last_name].filter(Boolean).join(' ') || '—'}</td>
                      <td>{row.phone ?? '—'}</td>
                      <td>{row.status === 'banned' ? 'Blocked' : 'Active'}</td>
                      <td>{when(String(row.reg_time))}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrap>
          )}
        </Section>
      )}
    </>
  );
}
