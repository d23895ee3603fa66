import { useCustomMutation, useOne } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { ResponseOf } from '@northstar/contract';
import type { api as contract } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { errorMessage, fieldError } from '../api.ts';
import { Alert, Facts, Muted, PageTitle, Section, Table, TableWrap, when, Form } from '../ui.tsx';

type Player = ResponseOf<typeof contract.staff.getplayer>;

/** A player's account as staff see it: profile, money, protection, sessions, notes, block. */
export function PlayerPage() {
  const { id } = useParams();
  const { result, query } = useOne<Player>({ resource: 'players', id: id ?? '' });
  const player = result as Player | undefined;
  if (query.error) return <Alert role="alert">{errorMessage(query.error)}</Alert>;
  if (!player) return <Muted>Loading…</Muted>;
  const money = (m: { amount: string; currency: string }) => `${m.amount} ${m.currency}`;
  return (
    <>
      <PageTitle>
        Player {player.id} · {player.login}
      </PageTitle>
      <Section aria-labelledby="profile">
        <h2 id="profile">Profile</h2>
        <Facts>
          <dt>Status</dt>
          <dd>{player.status === 'banned' ? 'Blocked' : 'Active'}</dd>
          <dt>Name</dt>
          <dd>{[player.first_name, player.last_name].filter(Boolean).join(' ') || '—'}</dd>
          <dt>E-mail</dt>
          <dd>{player.email ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>{player.phone ?? '—'}</dd>
          <dt>Born</dt>
          <dd>{player.birth_date ?? '—'}</dd>
          <dt>Country</dt>
          <dd>{player.country_code ?? '—'}</dd>
          <dt>Identity</dt>
          <dd>{player.is_verified ? 'Verified' : 'Not verified'}</dd>
          <dt>Two-factor</dt>
          <dd>{player.two_factor ? 'On' : 'Off'}</dd>
          <dt>Signed up</dt>
          <dd>{when(player.reg_time)}</dd>
        </Facts>
      </Section>
      <Section aria-labelledby="money">
        <h2 id="money">Balances</h2>
        <Facts>
          <dt>Real money</dt>
          <dd>{money(player.balances.balance_main)}</dd>
          <dt>Bonus</dt>
          <dd>{money(player.balances.balance_bonus)}</dd>
          <dt>Betting bonus</dt>
          <dd>{money(player.balances.balance_betting_bonus)}</dd>
          <dt>Total</dt>
          <dd>{money(player.balances.balance_total)}</dd>
        </Facts>
      </Section>
      <Section aria-labelledby="protection">
        <h2 id="protection">Limits and exclusion</h2>
        {player.self_exclusion ? (
          <Alert>
            {player.self_exclusion.kind.replace('_', ' ')}
            {player.self_exclusion.until
              ? ` until ${when(player.self_exclusion.until)}`
              : ' (permanent)'}
          </Alert>
        ) : (
          <p>No self-exclusion or time-out.</p>
        )}
        {player.limits.length === 0 ? (
          <Muted>No limits set.</Muted>
        ) : (
          <TableWrap>
            <Table>
              <thead>
                <tr>
                  <th scope="col">Limit</th>
                  <th scope="col">Period</th>
                  <th scope="col">Value</th>
                  <th scope="col">Change waiting</th>
                </tr>
              </thead>
              <tbody>
                {player.limits.map((limit) => (
                  <tr key={`${limit.kind}-${limit.period_days}`}>
                    <td>{limit.kind}</td>
                    <td>{limit.period_days ? `${limit.period_days} days` : '—'}</td>
                    <td>{limit.kind === 'session' ? `${limit.value} min` : limit.value}</td>
                    <td>
                      {limit.pending
                        ? `${limit.pending.value ?? 'removed'} from ${when(limit.pending.applies_at)}`
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
      </Section>
      <Section aria-labelledby="sessions">
        <h2 id="sessions">Open sessions</h2>
        {player.sessions.length === 0 ? (
          <Muted>None.</Muted>
        ) : (
          <TableWrap>
            <Table>
              <thead>
                <tr>
                  <th scope="col">Since</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">Address</th>
                  <th scope="col">Browser</th>
                </tr>
              </thead>
              <tbody>
                {player.sessions.map((session) => (
                  <tr key={`${session.created_at}-${session.ip}`}>
                    <td>{when(session.created_at)}</td>
                    <td>{when(session.last_seen_at)}</td>
                    <td>{session.ip ?? '—'}</td>
                    <td>{session.user_agent ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
      </Section>
      <BlockForm player={player} onDone={() => void query.refetch()} />
      <Notes player={player} onDone={() => void query.refetch()} />
    </>
  );
}

function BlockForm({ player, onDone }: { player: Player; onDone: () => void }) {
  const blocked = player.status === 'banned';
  const [reason, setReason] = useState('');
  const { mutate, mutation } = useCustomMutation();
  function submit(event: FormEvent) {
    event.preventDefault();
    mutate(
      {
        url: blocked ? 'staff/unblockplayer' : 'staff/blockplayer',
        method: 'post',
        values: { player_id: player.id, reason },
      },
      {
        onSuccess: () => {
          setReason('');
          onDone();
        },
      },
    );
  }
  return (
    <Section aria-labelledby="block">
      <h2 id="block">{blocked ? 'Unblock' : 'Block'}</h2>
      {player.block && (
        <p>
          Last {player.block.action === 'block' ? 'blocked' : 'unblocked'} by {player.block.by} on{' '}
          {when(player.block.at)}: “{player.block.reason}”
        </p>
      )}
      {mutation.error && !fieldError(mutation.error, 'reason') && (
        <Alert role="alert">{errorMessage(mutation.error)}</Alert>
      )}
      <Form onSubmit={submit}>
        <Input
          label="Reason (kept in the audit log)"
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError(mutation.error, 'reason')}
        />
        <Button
          type="submit"
          variant={blocked ? 'secondary' : 'primary'}
          disabled={mutation.isPending}
        >
          {blocked ? 'Unblock the player' : 'Block the player'}
        </Button>
      </Form>
    </Section>
  );
}

function Notes({ player, onDone }: { player: Player; onDone: () => void }) {
  const [text, setText] = useState('');
  const { mutate, mutation } = useCustomMutation();
  function submit(event: FormEvent) {
    event.preventDefault();
    mutate(
      { url: 'staff/addplayernote', method: 'post', values: { player_id: player.id, text } },
      {
        onSuccess: () => {
          setText('');
          onDone();
        },
      },
    );
  }
  return (
    <Section aria-labelledby="notes">
      <h2 id="notes">Notes</h2>
      <ul>
        {player.notes.map((note) => (
          <li key={note.id}>
            <Muted>
              {when(note.at)} · {note.author}:
            </Muted>{' '}
            {note.text}
          </li>
        ))}
      </ul>
      <Form onSubmit={submit}>
        <Input
          label="Add a note"
          name="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={fieldError(mutation.error, 'text')}
        />
        <Button type="submit" variant="secondary" disabled={mutation.isPending}>
          Add the note
        </Button>
      </Form>
    </Section>
  );
}
