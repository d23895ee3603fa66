import { api as contract, TOURNAMENT_SCORINGS, type ResponseOf } from '@northstar/contract';
import { Checkbox, Input, Select } from '@northstar/ui/forms';
import {
  ActionButton,
  FormSection,
  Group,
  ListSection,
  useStaffForm,
  useStaffRead,
  type Column,
} from '../resource.tsx';
import { Muted, PageTitle, when } from '../ui.tsx';

type Tournament = ResponseOf<typeof contract.tournaments.stafflist>['items'][number];

const EMPTY = {
  title: '',
  description: '',
  starts_at: '',
  ends_at: '',
  currency: 'EUR',
  scoring: 'wins',
  games: '',
  providers: '',
  min_stake: '',
  cash_prizes: '',
  entry_auto: '',
};

/** `100, 50, 25` → places 1 to 3 with those cash prizes (the form's one prize field). */
function prizesOf(cash: string) {
  const amounts = cash
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return JSON.stringify(
    amounts.map((amount, index) => ({ place: index + 1, type: 'cash', amount })),
  );
}

/** A `datetime-local` value (the staff member's own time) as an ISO instant; else as it is. */
function instant(local: string) {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/**
 * Tournaments (issue #30): every tournament with its schedule, prizes and participants; a new one
 * (cash prizes by place; bonus and free-spin prizes through the API); ending one now (its prizes
 * are paid as at any end).
 */
export function TournamentsPage() {
  const { data, query } = useStaffRead(contract.tournaments.stafflist, { count: 100 });
  const refresh = () => void query.refetch();
  const form = useStaffForm(contract.tournaments.staffcreate, EMPTY, {
    extra: (values) => ({
      starts_at: instant(values.starts_at),
      ends_at: instant(values.ends_at),
      prizes: prizesOf(values.cash_prizes),
      entry: values.entry_auto === '1' ? 'auto' : 'participate',
    }),
    omit: ['cash_prizes', 'entry_auto'],
    onDone: refresh,
  });
  const columns: Column<Tournament>[] = [
    { header: 'Id', cell: (t) => t.id },
    { header: 'Title', cell: (t) => t.title },
    { header: 'Status', cell: (t) => t.status },
    { header: 'Starts', cell: (t) => when(t.starts_at) },
    { header: 'Ends', cell: (t) => when(t.ends_at) },
    { header: 'Scoring', cell: (t) => t.extra.scoring },
    {
      header: 'Prizes',
      cell: (t) => `${t.total_prize.amount} ${t.total_prize.currency} · ${t.prizes.length} places`,
    },
    { header: 'Players', cell: (t) => t.total_participants },
    {
      header: 'End',
      cell: (t) =>
        t.status === 'finished' ? (
          <Muted>Ended</Muted>
        ) : (
          <ActionButton
            definition={contract.tournaments.staffend}
            values={{ tournament_id: t.id }}
            label={`End now: ${t.title}`}
            variant="ghost"
            onDone={refresh}
          >
            End now
          </ActionButton>
        ),
    },
  ];
  // The form's own fields are checked by the platform under their names; the instants and the
  // prizes are sent under the API's.
  const field = (name: keyof typeof EMPTY, api: string = name) => ({
    ...form.field(name),
    error: form.error(api),
  });
  return (
    <>
      <PageTitle>Tournaments</PageTitle>
      <ListSection
        title="Tournaments"
        label="Tournaments"
        error={query.error}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(t) => t.id}
        empty={query.isLoading ? 'Loading…' : 'No tournaments yet.'}
      />
      <FormSection
        title="New tournament"
        form={form}
        submit="Create the tournament"
        success="Tournament created. It shows on the site's tournaments page."
      >
        <Group>
          <legend>What it is</legend>
          <Input label="Title" {...field('title')} />
          <Input label="Description (optional)" {...field('description')} />
          <Input label="Starts" type="datetime-local" {...field('starts_at')} />
          <Input label="Ends" type="datetime-local" {...field('ends_at')} />
        </Group>
        <Group>
          <legend>How it scores</legend>
          <Select
            label="Scoring"
            options={TOURNAMENT_SCORINGS.map((value) => ({ value, label: value }))}
            {...field('scoring')}
          />
          <Input label="Currency" maxLength={3} {...field('currency')} />
          <Input label="Least stake (optional)" inputMode="decimal" {...field('min_stake')} />
          <Input label="Games (sysnames, optional)" {...field('games')} />
          <Input label="Providers (optional)" {...field('providers')} />
          <Checkbox label="Every player takes part (no sign-up)" {...form.check('entry_auto')} />
        </Group>
        <Group>
          <legend>Prizes</legend>
          <Input
            label="Cash prizes by place"
            hint="Comma-separated, first place first: 100, 50, 25"
            {...field('cash_prizes', 'prizes')}
          />
        </Group>
      </FormSection>
    </>
  );
}
