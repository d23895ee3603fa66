import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  SETTLE_RESULTS,
  VOID_REASONS,
  api as contract,
  type ResponseOf,
} from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import { errorMessage } from '../api.ts';
import { ListSection, useStaffForm, useStaffRead, type Column } from '../resource.tsx';
import { Alert, Form, Muted, PageTitle, Row, Section, when } from '../ui.tsx';

type EventRow = ResponseOf<typeof contract.sportsbook.stafflistevents>['items'][number];
type Trading = ResponseOf<typeof contract.sportsbook.staffgetevent>;
type Market = Trading['event']['markets'][number];
type Outcome = Market['outcomes'][number];

const words = (value: string) => value.replaceAll('_', ' ').replaceAll('-', ' ');
const marketName = (m: Market) => `${m.kind}${m.line === null ? '' : ` ${m.line}`}`;
const RESULT_CHOICES = SETTLE_RESULTS.map((value) => ({ value, label: words(value) }));
const isResult = (status: string): status is (typeof SETTLE_RESULTS)[number] =>
  (SETTLE_RESULTS as readonly string[]).includes(status);

/** Settles one market by hand: each outcome's result, and the reason kept in the audit log. */
function SettleForm({ market, onDone }: { market: Market; onDone: () => void }) {
  const initial: Record<string, string> = { reason: '' };
  for (const outcome of market.outcomes)
    // Nothing chosen for an open outcome: staff give each result themselves.
    initial[`result:${outcome.key}`] = isResult(outcome.status) ? outcome.status : '';
  const form = useStaffForm(contract.sportsbook.staffsettlemarket, initial, {
    extra: (values) => ({
      market_id: market.id,
      // An outcome left without a result is left out: the platform then asks for it.
      results: JSON.stringify(
        Object.fromEntries(
          market.outcomes
            .map((o) => [o.key, values[`result:${o.key}`]] as const)
            .filter(([, value]) => value),
        ),
      ),
    }),
    omit: market.outcomes.map((o) => `result:${o.key}`),
    onDone,
  });
  if (!form.allowed) return null;
  return (
    <Form onSubmit={form.submit} noValidate aria-label={`Settle ${marketName(market)}`}>
      {(form.general ?? form.error('results') ?? form.error('market_id')) && (
        <Alert role="alert">{form.general ?? 'Give every outcome its result.'}</Alert>
      )}
      {form.done && <Alert $tone="success">Settled. Its bets are paid by the settlement.</Alert>}
      <Row>
        {market.outcomes.map((outcome: Outcome) => (
          <Select
            key={outcome.key}
            label={`${words(outcome.key)}`}
            options={RESULT_CHOICES}
            placeholder="Choose…"
            {...form.field(`result:${outcome.key}`)}
          />
        ))}
      </Row>
      <Input label="Reason (kept in the audit log)" {...form.field('reason')} />
      <Button type="submit" size="sm" disabled={form.pending}>
        {market.status === 'settled' ? 'Correct the result' : 'Settle the market'}
      </Button>
    </Form>
  );
}

/** Voids one market (every stake on it comes back) with a reason code and words. */
function VoidForm({ market, onDone }: { market: Market; onDone: () => void }) {
  const form = useStaffForm(
    contract.sportsbook.staffvoidmarket,
    { reason_code: 'event_cancelled', reason: '' },
    { extra: () => ({ market_id: market.id }), onDone },
  );
  if (!form.allowed || market.status === 'void') return null;
  return (
    <Form onSubmit={form.submit} noValidate aria-label={`Void ${marketName(market)}`}>
      {form.general && <Alert role="alert">{form.general}</Alert>}
      <Row>
        <Select
          label="Void reason"
          options={VOID_REASONS.map((value) => ({ value, label: words(value) }))}
          {...form.field('reason_code')}
        />
        <Input label="Reason (kept in the audit log)" {...form.field('reason')} />
      </Row>
      <Button type="submit" size="sm" variant="secondary" disabled={form.pending}>
        Void the market
      </Button>
    </Form>
  );
}

function EventMarkets({ id, onDone }: { id: number; onDone: () => void }) {
  const { data, query } = useStaffRead(contract.sportsbook.staffgetevent, { event_id: id });
  const [open, setOpen] = useState<number | null>(null);
  const refresh = () => {
    void query.refetch();
    onDone();
  };
  if (query.error) return <Alert role="alert">{errorMessage(query.error)}</Alert>;
  if (!data) return <Muted>Loading…</Muted>;
  const facts = new Map(data.markets.map((m) => [m.id, m]));
  const { event } = data;
  return (
    <Section aria-labelledby="event-markets">
      <h2 id="event-markets">
        {event.home} – {event.away}{' '}
        <Muted>
          · {event.status}
          {event.score ? ` · ${event.score.home}:${event.score.away}` : ''}
        </Muted>
      </h2>
      {event.markets.map((market) => {
        const fact = facts.get(market.id);
        return (
          <Section key={market.id} aria-label={`Market ${marketName(market)}`}>
            <Row>
              <strong>{marketName(market)}</strong>
              <Muted>
                {market.status}
                {market.void_reason ? ` (${words(market.void_reason)})` : ''} ·{' '}
                {fact?.open_bets ?? 0} bets waiting
                {fact?.decided_at ? ` · decided by staff ${when(fact.decided_at)}` : ''}
              </Muted>
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={open === market.id}
                onClick={() => setOpen(open === market.id ? null : market.id)}
              >
                {open === market.id ? 'Close' : 'Settle or void…'}
              </Button>
            </Row>
            <p>
              {market.outcomes.map((o) => (
                <span key={o.key}>
                  {words(o.key)} <Muted>{o.odds ?? o.status}</Muted>{' '}
                </span>
              ))}
            </p>
            {open === market.id && (
              <Decisions>
                <SettleForm market={market} onDone={refresh} />
                <VoidForm market={market} onDone={refresh} />
              </Decisions>
            )}
          </Section>
        );
      })}
    </Section>
  );
}

/** The settle form, then the void form, well apart. */
const Decisions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(6)};
`;

const STATUSES = [
  { value: '', label: 'Any' },
  { value: 'ended', label: 'Ended' },
  { value: 'live', label: 'Live' },
  { value: 'prematch', label: 'Not started' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * The sportsbook (issue #30): events with their markets still undecided and the bets waiting on
 * them; a market settled by hand (each outcome's result), corrected, or voided with a reason.
 * Bets are paid by the sportsbook's own settlement; the feed no longer changes a market staff
 * decided.
 */
export function SportsbookPage() {
  const [draft, setDraft] = useState({ status: 'ended', query: '' });
  const [filters, setFilters] = useState(draft);
  const [chosen, setChosen] = useState<number | null>(null);
  const { data, query } = useStaffRead(contract.sportsbook.stafflistevents, {
    count: 50,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.query ? { query: filters.query } : {}),
  });
  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
    setChosen(null);
  }
  const columns: Column<EventRow>[] = [
    { header: 'Starts', cell: (e) => when(e.starts_at) },
    {
      header: 'Event',
      cell: (e) => (
        <>
          {e.home} – {e.away}
          <br />
          <Muted>
            {e.sport} · {e.competition}
          </Muted>
        </>
      ),
    },
    { header: 'Status', cell: (e) => e.status },
    { header: 'Undecided', cell: (e) => `${e.undecided_markets} of ${e.markets}` },
    { header: 'Bets waiting', cell: (e) => e.open_bets },
    {
      header: 'Markets',
      cell: (e) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Markets of ${e.home} – ${e.away}`}
          aria-pressed={chosen === e.id}
          onClick={() => setChosen(e.id)}
        >
          Markets
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageTitle>Sportsbook</PageTitle>
      <Section aria-label="Find events">
        <form onSubmit={apply}>
          <Row>
            <Select
              label="Status"
              name="status"
              options={STATUSES}
              value={draft.status}
              onChange={(event) => setDraft((d) => ({ ...d, status: event.target.value }))}
            />
            <Input
              label="Team or competition"
              name="query"
              value={draft.query}
              onChange={(event) => setDraft((d) => ({ ...d, query: event.target.value }))}
            />
            <Button type="submit">Find</Button>
          </Row>
        </form>
      </Section>
      <ListSection
        title={`Events${data ? ` (${data.total})` : ''}`}
        label="Events"
        error={query.error}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(e) => e.id}
        empty={query.isLoading ? 'Loading…' : 'No events match.'}
      />
      {chosen !== null && <EventMarkets id={chosen} onDone={() => void query.refetch()} />}
    </>
  );
}
