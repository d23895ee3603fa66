import { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from '@northstar/ui';
import { useProblemText } from '../shared/field-messages.ts';
import { Chip, Muted, Notice, Panel, ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { SumsubPopup } from './sumsub-popup.tsx';
import {
  accountInfoKey,
  verificationApi,
  verificationKey,
  VERIFICATION_METHODS,
  type ChecklistItem,
  type Verification,
} from './verification-api.ts';
import {
  canStart,
  itemTone,
  POLL_MS,
  progress,
  shouldPoll,
  type ProviderStatus,
  type Tone,
} from './verification-model.ts';

/**
 * `/profile/verification` (issue #25; §2, §3 verification flags, §7 Sumsub): where the player's
 * identity check stands, a checklist of each document (missing, under review, approved, or why
 * it was refused), and the button that opens the provider's page in the SumsubPopup. The state
 * is read again while a review is under way and as soon as the provider's page says it was
 * submitted, so the checklist turns green without a reload.
 */
export function VerificationPage() {
  const client = useQueryClient();
  const problemText = useProblemText();
  const [popup, setPopup] = useState<string | null>(null);
  const marked = useRef(false);

  const state = useQuery({
    queryKey: verificationKey(),
    queryFn: () => verificationApi.send(VERIFICATION_METHODS.getVerification),
    refetchInterval: (query) => (shouldPoll(query.state.data) ? POLL_MS : false),
  });

  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: verificationKey() });
    void client.invalidateQueries({ queryKey: accountInfoKey() });
  }, [client]);

  const open = useMutation({
    mutationFn: async () => {
      await verificationApi.send(VERIFICATION_METHODS.createApplicant);
      return verificationApi.send(VERIFICATION_METHODS.getAccessToken, {
        externalActionId: 'profile-verification',
      });
    },
    onSuccess: (answer) => {
      marked.current = false;
      // A real provider answers its own page; the sandbox's is on this site.
      setPopup(answer.url ?? `/kyc/sandbox/sdk/${answer.token}`);
    },
  });

  const onStatus = useCallback(
    (status: ProviderStatus) => {
      if (status === 'pending' && !marked.current) {
        // §7 setUserOnVerification: the account shows "on verification" before the webhook.
        marked.current = true;
        void verificationApi
          .send(VERIFICATION_METHODS.setUserOnVerification)
          .catch(() => undefined)
          .finally(refresh);
        return;
      }
      refresh();
    },
    [refresh],
  );

  const data = state.data;
  return (
    <ProfileFrame
      title={<Trans id="profile.verification.title">Identity verification</Trans>}
      lead={
        <Trans id="profile.verification.lead">
          We verify every player’s identity, as the law asks of a licensed casino. It protects your
          account and lets you withdraw without delay.
        </Trans>
      }
    >
      {state.error ? (
        <Notice role="alert">
          {problemText(state.error)}{' '}
          <Button size="sm" variant="ghost" onClick={() => void state.refetch()}>
            <Trans id="profile.retry">Try again</Trans>
          </Button>
        </Notice>
      ) : null}
      {!data ? (
        state.isPending ? (
          <Skeleton $height="320px" $radius="16px" />
        ) : null
      ) : (
        <Panel
          labelId="verification-status"
          title={<Trans id="profile.verification.statusTitle">Your verification</Trans>}
          lead={<StatusLead state={data} />}
          aside={<StatusChip state={data} />}
        >
          <Checklist state={data} />
          {canStart(data) ? (
            <Actions>
              <Button onClick={() => open.mutate()} disabled={open.isPending}>
                {data.status === 'rejected' ? (
                  <Trans id="profile.verification.retry">Send documents again</Trans>
                ) : data.status === 'none' ? (
                  <Trans id="profile.verification.start">Start verification</Trans>
                ) : (
                  <Trans id="profile.verification.continue">Continue verification</Trans>
                )}
              </Button>
              <Muted>
                <Trans id="profile.verification.privacy">
                  Your documents go to our verification provider over an encrypted connection.
                </Trans>
              </Muted>
            </Actions>
          ) : null}
          {open.error ? (
            <Notice role="alert" style={{ marginTop: 16 }}>
              {problemText(open.error)}
            </Notice>
          ) : null}
        </Panel>
      )}
      {popup ? (
        <SumsubPopup
          url={popup}
          onStatus={onStatus}
          onClose={() => {
            setPopup(null);
            refresh();
          }}
        />
      ) : null}
    </ProfileFrame>
  );
}

function StatusChip({ state }: { state: Verification }) {
  const { done, total } = progress(state);
  if (state.is_verified) {
    return (
      <Chip $tone="success" data-testid="verification-status">
        <Trans id="profile.verification.verified">Verified</Trans>
      </Chip>
    );
  }
  if (state.status === 'pending') {
    return (
      <Chip $tone="warning" data-testid="verification-status">
        <Trans id="profile.verification.underReview">Under review</Trans>
      </Chip>
    );
  }
  return (
    <Chip $tone="muted" data-testid="verification-status">
      <Trans id="profile.verification.progress">
        {done} of {total} approved
      </Trans>
    </Chip>
  );
}

function StatusLead({ state }: { state: Verification }) {
  if (state.is_verified) {
    return (
      <Trans id="profile.verification.leadVerified">
        Your identity is confirmed. Nothing more is needed.
      </Trans>
    );
  }
  switch (state.status) {
    case 'pending':
      return (
        <Trans id="profile.verification.leadPending">
          Your documents are being reviewed. This page updates by itself.
        </Trans>
      );
    case 'rejected':
      return (
        <Trans id="profile.verification.leadRejected">
          Some documents could not be accepted. See why below and send them again.
        </Trans>
      );
    default:
      return (
        <Trans id="profile.verification.leadStart">
          You need an identity document (passport, identity card or driving licence) and a selfie.
        </Trans>
      );
  }
}

function Checklist({ state }: { state: Verification }) {
  const { t } = useLingui();
  return (
    <List
      aria-label={t({ id: 'profile.verification.checklist', message: 'Documents' })}
      data-testid="verification-checklist"
      aria-live="polite"
    >
      {state.documents.map((item) => (
        <Item key={item.document} data-document={item.document} data-status={item.status}>
          <Mark $tone={itemTone(item)} aria-hidden="true">
            {item.status === 'approved'
              ? '✓'
              : item.status === 'rejected'
                ? '!'
                : item.status === 'pending'
                  ? '…'
                  : '○'}
          </Mark>
          <div>
            <ItemTitle>
              <DocumentName item={item} />
            </ItemTitle>
            <ItemText>
              <ItemStatus item={item} />
            </ItemText>
            {item.status === 'rejected' ? (
              <ItemReason>
                <RejectReason item={item} />
                {item.comment ? ` ${item.comment}` : null}
              </ItemReason>
            ) : null}
          </div>
        </Item>
      ))}
    </List>
  );
}

function DocumentName({ item }: { item: ChecklistItem }) {
  return item.document === 'IDENTITY' ? (
    <Trans id="profile.verification.doc.identity">Identity document</Trans>
  ) : (
    <Trans id="profile.verification.doc.selfie">Selfie</Trans>
  );
}

function ItemStatus({ item }: { item: ChecklistItem }) {
  switch (item.status) {
    case 'approved':
      return <Trans id="profile.verification.item.approved">Approved</Trans>;
    case 'pending':
      return <Trans id="profile.verification.item.pending">Under review</Trans>;
    case 'rejected':
      return <Trans id="profile.verification.item.rejected">Refused</Trans>;
    default:
      return <Trans id="profile.verification.item.missing">Not sent yet</Trans>;
  }
}

function RejectReason({ item }: { item: ChecklistItem }) {
  switch (item.reason) {
    case 'UNSATISFACTORY_PHOTOS':
      return (
        <Trans id="profile.verification.reason.photos">
          The photos are unclear: take them again in good light, with the whole document visible.
        </Trans>
      );
    case 'DOCUMENT_DAMAGED':
      return <Trans id="profile.verification.reason.damaged">The document looks damaged.</Trans>;
    case 'EXPIRATION_DATE':
      return <Trans id="profile.verification.reason.expired">The document has expired.</Trans>;
    case 'DOCUMENT_PAGE_MISSING':
      return (
        <Trans id="profile.verification.reason.pageMissing">
          A page or side of the document is missing.
        </Trans>
      );
    case 'SELFIE_MISMATCH':
      return (
        <Trans id="profile.verification.reason.selfie">
          The selfie does not match the document’s photo.
        </Trans>
      );
    case 'FORGERY':
      return (
        <Trans id="profile.verification.reason.forgery">
          The document could not be accepted. Contact support.
        </Trans>
      );
    default:
      return (
        <Trans id="profile.verification.reason.other">The document could not be accepted.</Trans>
      );
  }
}

const Actions = styled.div`
  display: grid;
  gap: 10px;
  justify-items: start;
  margin-top: 20px;
`;

const List = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 32px minmax(0, 1fr);
  gap: 12px;
  align-items: start;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Mark = styled.span<{ $tone: Tone }>`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  font-weight: 700;
  border: 2px solid currentColor;
  color: ${({ theme, $tone }) =>
    $tone === 'success'
      ? theme.colors.success
      : $tone === 'warning'
        ? theme.colors.warning
        : $tone === 'danger'
          ? theme.colors.danger
          : theme.colors.textMuted};
`;

const ItemTitle = styled.p`
  margin: 0;
  font-weight: 600;
`;

const ItemText = styled.p`
  margin: 2px 0 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ItemReason = styled.p`
  margin: 6px 0 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;
