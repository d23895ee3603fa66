import { useCustomMutation, useList } from '@refinedev/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { api as contract, ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import { errorMessage } from '../api.ts';
import { Alert, Muted, PageTitle, Row, Section, Table, TableWrap, when, Form } from '../ui.tsx';

type Withdrawal = ResponseOf<typeof contract.cashier.staffgetwithdrawals>['items'][number];

const REASONS = [
  { value: 'documents_required', label: 'Documents required' },
  { value: 'requisites_mismatch', label: 'Requisites do not match' },
  { value: 'bonus_terms', label: 'Bonus terms not met' },
  { value: 'duplicate_account', label: 'Duplicate account' },
  { value: 'other', label: 'Other' },
];

/** The withdrawals waiting for staff, oldest first: review, approve (payout) or reject. */
export function WithdrawalsPage() {
  const { result, query } = useList<Withdrawal>({
    resource: 'withdrawals',
    pagination: { currentPage: 1, pageSize: 50 },
  });
  return (
    <>
      <PageTitle>Withdrawals</PageTitle>
      {query.error && <Alert role="alert">{errorMessage(query.error)}</Alert>}
      <Section aria-label="Waiting withdrawals">
        {result.data.length === 0 && !query.isLoading ? (
          <Muted>Nothing waits for a decision.</Muted>
        ) : (
          <TableWrap>
            <Table>
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">Player</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Method</th>
                  <th scope="col">To</th>
                  <th scope="col">Stage</th>
                  <th scope="col">Asked</th>
                  <th scope="col">Decision</th>
                </tr>
              </thead>
              <tbody>
                {result.data.map((row) => (
                  <tr key={row.id}>
                    <td>{row.id}</td>
                    <td>
                      <Link to={`/players/${row.player_id}`}>{row.player_id}</Link>
                    </td>
                    <td>
                      {row.amount.amount} {row.amount.currency}
                    </td>
                    <td>{row.method}</td>
                    <td>{row.requisites ?? '—'}</td>
                    <td>{row.stage.replace('_', ' ')}</td>
                    <td>{when(row.created_at)}</td>
                    <td>
                      <Decide row={row} onDone={() => void query.refetch()} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
      </Section>
    </>
  );
}

function Decide({ row, onDone }: { row: Withdrawal; onDone: () => void }) {
  const { mutate, mutation } = useCustomMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('documents_required');
  const [text, setText] = useState('');
  const call = (url: string, values: Record<string, unknown> = {}) =>
    mutate({ url, method: 'post', values: { id: row.id, ...values } }, { onSuccess: onDone });
  if (row.stage === 'sent' || row.stage === 'paid') return <Muted>Paid out</Muted>;
  return (
    <div>
      {mutation.error && <Alert role="alert">{errorMessage(mutation.error)}</Alert>}
      {rejecting ? (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            call('cashier/staffrejectwithdrawal', {
              reason_code: reason,
              ...(text ? { reason_text: text } : {}),
            });
          }}
        >
          <Select
            label="Reason"
            name="reason_code"
            options={REASONS}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Input
            label="Message to the player (optional)"
            name="reason_text"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Row>
            <Button type="submit" size="sm" disabled={mutation.isPending}>
              Reject withdrawal {row.id}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </Row>
        </Form>
      ) : (
        <Row>
          {row.stage === 'requested' && (
            <Button
              size="sm"
              variant="secondary"
              disabled={mutation.isPending}
              onClick={() => call('cashier/staffreviewwithdrawal')}
            >
              Review
            </Button>
          )}
          <Button
            size="sm"
            disabled={mutation.isPending}
            onClick={() => call('cashier/staffapprovewithdrawal')}
            aria-label={`Approve withdrawal ${row.id}`}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setRejecting(true)}
            aria-label={`Reject withdrawal ${row.id}…`}
          >
            Reject…
          </Button>
        </Row>
      )}
    </div>
  );
}
