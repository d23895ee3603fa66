import { BONUS_KINDS, BONUS_TRIGGERS, api as contract, type ResponseOf } from '@northstar/contract';
import { Input, Select } from '@northstar/ui/forms';
import {
  Described,
  FormSection,
  Group,
  ListSection,
  useStaffForm,
  useStaffRead,
  type Column,
} from '../resource.tsx';
import { PageTitle } from '../ui.tsx';

type Template = ResponseOf<typeof contract.bonuses.stafflisttemplates>['items'][number];

const label = (value: string) => value.replaceAll('_', ' ');
const choices = (values: readonly string[]) =>
  values.map((value) => ({ value, label: label(value) }));

/** What a template gives, in a few words: `100% up to 200 EUR`, `10 EUR`, `20 spins`. */
function gives(t: Template) {
  if (t.kind === 'free_spins')
    return `${t.freespin_count ?? 0} spins of ${t.freespin_stake ?? '?'}`;
  if (t.percent !== null) return `${t.percent}%${t.cap ? ` up to ${t.cap}` : ''} ${t.currency}`;
  return t.amount ? `${t.amount} ${t.currency}` : '—';
}

const COLUMNS: Column<Template>[] = [
  { header: 'Id', cell: (t) => t.id },
  {
    header: 'Name',
    cell: (t) => <Described note={t.description}>{t.name}</Described>,
  },
  { header: 'Kind', cell: (t) => label(t.kind) },
  { header: 'Trigger', cell: (t) => `${label(t.trigger)}${t.code ? ` · ${t.code}` : ''}` },
  { header: 'Gives', cell: gives },
  { header: 'Min deposit', cell: (t) => t.min_deposit ?? '—' },
  {
    header: 'Wagering',
    cell: (t) => `×${t.wagering_multiplier} of ${t.wagering_base.replace('_', ' + ')}`,
  },
  { header: 'Days to use', cell: (t) => `${t.activate_hours / 24} / ${t.wager_hours / 24}` },
  { header: 'Status', cell: (t) => (t.is_active ? 'On' : 'Off') },
];

const EMPTY = {
  name: '',
  description: '',
  kind: 'deposit_match',
  trigger: 'deposit',
  code: '',
  currency: 'EUR',
  min_deposit: '',
  amount: '',
  percent: '',
  cap: '',
  max_bet: '',
  wagering_multiplier: '35',
  wagering_base: 'bonus',
  default_weight: '100',
  weights: '',
  excluded_games: '',
  activate_hours: '168',
  wager_hours: '720',
  freespin_game: '',
  freespin_count: '',
  freespin_stake: '',
  min_odds: '',
};

/**
 * Bonus templates (issue #30): every template, and a new one. A template is what a code, an
 * offer, a deposit or a staff grant gives; promo codes and offers are made over one.
 */
export function BonusesPage() {
  const { data, query } = useStaffRead(contract.bonuses.stafflisttemplates, { count: 100 });
  const form = useStaffForm(contract.bonuses.staffcreatetemplate, EMPTY, {
    onDone: () => void query.refetch(),
  });
  const kind = form.values.kind;
  return (
    <>
      <PageTitle>Bonus templates</PageTitle>
      <ListSection
        title="Templates"
        label="Bonus templates"
        error={query.error}
        columns={COLUMNS}
        rows={[...(data?.items ?? [])].reverse()}
        rowKey={(t) => t.id}
        empty={query.isLoading ? 'Loading…' : 'No templates yet.'}
      />
      <FormSection
        title="New template"
        form={form}
        submit="Create the template"
        success="Template created. Promo codes and offers can now grant it."
      >
        <Group>
          <legend>What it is</legend>
          <Input label="Name" {...form.field('name')} />
          <Input label="Description (optional)" {...form.field('description')} />
          <Select label="Kind" options={choices(BONUS_KINDS)} {...form.field('kind')} />
          <Select label="Trigger" options={choices(BONUS_TRIGGERS)} {...form.field('trigger')} />
          <Input
            label="Code (optional)"
            hint="A promo-code trigger needs one: letters, digits, - and _"
            {...form.field('code')}
          />
          <Input label="Currency" maxLength={3} {...form.field('currency')} />
        </Group>
        <Group>
          <legend>Amount</legend>
          <Input label="Minimum deposit" inputMode="decimal" {...form.field('min_deposit')} />
          <Input label="Fixed amount" inputMode="decimal" {...form.field('amount')} />
          <Input label="Percent of the deposit" inputMode="numeric" {...form.field('percent')} />
          <Input label="Cap" inputMode="decimal" {...form.field('cap')} />
          <Input
            label="Largest bet while wagering"
            inputMode="decimal"
            {...form.field('max_bet')}
          />
        </Group>
        <Group>
          <legend>Wagering</legend>
          <Input label="Multiplier" inputMode="numeric" {...form.field('wagering_multiplier')} />
          <Select
            label="Of"
            options={[
              { value: 'bonus', label: 'the bonus' },
              { value: 'bonus_deposit', label: 'bonus + deposit' },
            ]}
            {...form.field('wagering_base')}
          />
          <Input
            label="Weight of other games (%)"
            inputMode="numeric"
            {...form.field('default_weight')}
          />
          <Input
            label="Weights by category (JSON)"
            hint='e.g. {"slots":100,"table":10}'
            {...form.field('weights')}
          />
          <Input
            label="Excluded games"
            hint="Comma-separated sysnames"
            {...form.field('excluded_games')}
          />
          <Input label="Hours to activate" inputMode="numeric" {...form.field('activate_hours')} />
          <Input label="Hours to wager" inputMode="numeric" {...form.field('wager_hours')} />
        </Group>
        {kind === 'free_spins' && (
          <Group>
            <legend>Free spins</legend>
            <Input label="Game (sysname)" {...form.field('freespin_game')} />
            <Input label="Spins" inputMode="numeric" {...form.field('freespin_count')} />
            <Input label="Stake of a spin" inputMode="decimal" {...form.field('freespin_stake')} />
          </Group>
        )}
        {kind === 'betting_free_bet' && (
          <Group>
            <legend>Free bet</legend>
            <Input label="Lowest odds" inputMode="decimal" {...form.field('min_odds')} />
          </Group>
        )}
      </FormSection>
    </>
  );
}
