import { useCustomMutation, useList } from '@refinedev/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { KYC_REJECT_LABELS, type api as contract, type ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import { errorMessage, fieldError } from '../api.ts';
import { Alert, Muted, PageTitle, Row, Section, Table, TableWrap, when, Form } from '../ui.tsx';

type Applicant = ResponseOf<typeof contract.sumsub.stafflistapplicants>[number];
type Document = Applicant['documents'][number];

/** Identity checks waiting for staff: approve or reject each document, with a reason. */
export function KycPage() {
  const { result, query } = useList<Applicant & { id: number }>({
    resource: 'kyc',
    pagination: { mode: 'off' },
  });
  return (
    <>
      <PageTitle>KYC queue</PageTitle>
      {query.error && <Alert role="alert">{errorMessage(query.error)}</Alert>}
      {result.data.length === 0 && !query.isLoading && (
        <Section>
          <Muted>No applicant waits for a decision.</Muted>
        </Section>
      )}
      {result.data.map((applicant) => (
        <Section key={applicant.player_id} aria-label={`Applicant ${applicant.login}`}>
          <h2>
            <Link to={`/players/${applicant.player_id}`}>{applicant.login}</Link>{' '}
            <Muted>
              · {applicant.status} · updated {when(applicant.updated_at)}
            </Muted>
          </h2>
          <TableWrap>
            <Table>
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Decision</th>
                </tr>
              </thead>
              <tbody>
                {applicant.documents.map((document) => (
                  <tr key={document.document}>
                    <td>{document.document}</td>
                    <td>{document.doc_type ?? '—'}</td>
                    <td>
                      {document.status}
                      {document.reason ? ` (${document.reason})` : ''}
                    </td>
                    <td>
                      <Decide
                        playerId={applicant.player_id}
                        document={document}
                        onDone={() => void query.refetch()}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        </Section>
      ))}
    </>
  );
}

function Decide({
  playerId,
  document,
  onDone,
}: {
  playerId: number;
  document: Document;
  onDone: () => void;
}) {
  const { mutate, mutation } = useCustomMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<string>('UNSATISFACTORY_PHOTOS');
  const [comment, setComment] = useState('');
  if (document.status === 'missing') return <Muted>Not sent</Muted>;
  const decide = (values: Record<string, unknown>) =>
    mutate(
      {
        url: 'sumsub/staffdecidedocument',
        method: 'post',
        values: { player_id: playerId, document: document.document, ...values },
      },
      { onSuccess: onDone },
    );
  return (
    <div>
      {mutation.error && !fieldError(mutation.error, 'comment') && (
        <Alert role="alert">{errorMessage(mutation.error)}</Alert>
      )}
      {rejecting ? (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            decide({ decision: 'reject', reason, ...(comment ? { comment } : {}) });
          }}
        >
          <Select
            label="Reason"
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            options={KYC_REJECT_LABELS.map((label) => ({
              value: label,
              label: label.replaceAll('_', ' ').toLowerCase(),
            }))}
          />
          <Input
            label="What the player should fix"
            name="comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            error={fieldError(mutation.error, 'comment')}
          />
          <Row>
            <Button type="submit" size="sm" disabled={mutation.isPending}>
              Reject {document.document.toLowerCase()}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </Row>
        </Form>
      ) : (
        <Row>
          <Button
            size="sm"
            disabled={mutation.isPending}
            onClick={() => decide({ decision: 'approve' })}
            aria-label={`Approve ${document.document.toLowerCase()}`}
          >
            Approve
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        </Row>
      )}
    </div>
  );
}
