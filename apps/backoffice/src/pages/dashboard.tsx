import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api as contract, type ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { ApiError, errorMessage, fieldError } from '../api.ts';
import { DataTable, useStaffRead, type Column } from '../resource.tsx';
import { Alert, Muted, PageTitle, Row, Section } from '../ui.tsx';

type Report = ResponseOf<typeof contract.reports.staffdaily>;
type Currency = Report['currencies'][number];
type Day = Currency['days'][number];
type Figures = Currency['totals'];

/** `12.50 EUR` */
const sum = (m: { amount: string; currency: string }) => `${m.amount} ${m.currency}`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(5)};

  div {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
  dd {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-size: 20px;
    font-weight: 700;
  }
  small {
    display: block;
    font-size: 12px;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function Totals({ totals }: { totals: Figures }) {
  return (
    <Tiles>
      <div>
        <dt>Deposits</dt>
        <dd>
          {sum(totals.deposits.amount)}
          <small>{totals.deposits.count} payments</small>
        </dd>
      </div>
      <div>
        <dt>Withdrawals approved</dt>
        <dd>
          {sum(totals.withdrawals.amount)}
          <small>{totals.withdrawals.count} payouts</small>
        </dd>
      </div>
      <div>
        <dt>GGR (real money)</dt>
        <dd>
          {sum(totals.ggr.total)}
          <small>
            casino {totals.ggr.casino.amount} · sports {totals.ggr.sports.amount}
          </small>
        </dd>
      </div>
      <div>
        <dt>Active players</dt>
        <dd>
          {totals.active_players}
          <small>placed a bet in the period</small>
        </dd>
      </div>
    </Tiles>
  );
}

const Bars = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 2px;
  height: 96px;
  margin: 0 0 ${({ theme }) => theme.space(5)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled.span<{ $loss: boolean }>`
  flex: 1 1 0;
  min-width: 2px;
  border-radius: 2px 2px 0 0;
  background: ${({ theme, $loss }) => ($loss ? theme.colors.danger : theme.colors.primary)};
`;

/**
 * Each day's GGR as a bar (gold a win for the house, red a loss), for the eye only: the table
 * below carries the same figures for everyone, screen readers included.
 */
function GgrBars({ days }: { days: Day[] }) {
  const values = days.map((day) => Number(day.ggr.total.amount));
  const top = Math.max(...values.map(Math.abs), 0);
  if (top === 0) return null;
  return (
    <Bars aria-hidden="true" title="GGR per day">
      {days.map((day, index) => {
        const value = values[index]!;
        return (
          <Bar
            key={day.date}
            $loss={value < 0}
            style={{ height: `${Math.max(2, (Math.abs(value) / top) * 100)}%` }}
          />
        );
      })}
    </Bars>
  );
}

const COLUMNS: Column<Day>[] = [
  { header: 'Day', cell: (day) => day.date },
  {
    header: 'Deposits',
    cell: (day) => (
      <>
        {day.deposits.amount.amount} <Muted>({day.deposits.count})</Muted>
      </>
    ),
  },
  {
    header: 'Withdrawals',
    cell: (day) => (
      <>
        {day.withdrawals.amount.amount} <Muted>({day.withdrawals.count})</Muted>
      </>
    ),
  },
  { header: 'GGR casino', cell: (day) => day.ggr.casino.amount },
  { header: 'GGR sports', cell: (day) => day.ggr.sports.amount },
  { header: 'GGR', cell: (day) => <strong>{day.ggr.total.amount}</strong> },
  { header: 'Active players', cell: (day) => day.active_players },
];

/** The `to` field's message: a range too long or backwards says so; a bad day is not a date. */
function rangeError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = error.invalidParameters.to?.[0];
  if (code === 'min_value' || code === 'max_value')
    return 'At most 92 days, ending on or after the start.';
  return fieldError(error, 'to');
}

/**
 * The finance dashboard (issue #30): deposits, approved withdrawals, real-money GGR and active
 * players per UTC day for a period (30 days by default), one block per currency: its totals, then
 * each day, newest first. Every figure comes from the platform's `reports/staffdaily`.
 */
export function DashboardPage() {
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [period, setPeriod] = useState<Record<string, string>>({});
  const { data, query } = useStaffRead(contract.reports.staffdaily, period);
  function apply(event: FormEvent) {
    event.preventDefault();
    setPeriod(Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')));
  }
  const error = query.error;
  const general = error && !fieldError(error, 'from') && !fieldError(error, 'to');
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Section aria-labelledby="period">
        <h2 id="period">Period</h2>
        <form onSubmit={apply} noValidate>
          <Row>
            <Input
              label="From (UTC day)"
              name="from"
              type="date"
              value={draft.from}
              onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
              error={fieldError(error, 'from')}
            />
            <Input
              label="To (UTC day)"
              name="to"
              type="date"
              value={draft.to}
              onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
              error={rangeError(error)}
            />
            <Button type="submit">Show</Button>
          </Row>
        </form>
        {data && (
          <p>
            <Muted>
              {data.from} to {data.to}. Deposits count on the day the provider confirmed them,
              withdrawals on the day staff approved them; GGR is stakes minus wins of real money.
            </Muted>
          </p>
        )}
      </Section>
      {general && <Alert role="alert">{errorMessage(error)}</Alert>}
      {data && data.currencies.length === 0 && (
        <Section>
          <Muted>No deposits, withdrawals or bets in this period.</Muted>
        </Section>
      )}
      {data?.currencies.map((currency) => (
        <Section key={currency.currency} aria-labelledby={`figures-${currency.currency}`}>
          <h2 id={`figures-${currency.currency}`}>{currency.currency}</h2>
          <Totals totals={currency.totals} />
          <GgrBars days={currency.days} />
          <DataTable
            label={`${currency.currency} per day`}
            columns={COLUMNS}
            rows={[...currency.days].reverse()}
            rowKey={(day) => day.date}
            empty="No days in this period."
          />
        </Section>
      ))}
    </>
  );
}
