import {
  CASHBACK_PAYOUTS,
  CASHBACK_PERIODS,
  api as contract,
  type ResponseOf,
} from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Checkbox, Input, Select } from '@northstar/ui/forms';
import {
  FormSection,
  Group,
  ListSection,
  useStaffForm,
  useStaffRead,
  type Column,
} from '../resource.tsx';
import { PageTitle } from '../ui.tsx';

type Terms = ResponseOf<typeof contract.cashbacks.staffgetsettings>[number];

const EMPTY = {
  currency: 'EUR',
  percent: '10',
  min_loss: '10',
  cap: '',
  period: 'weekly',
  payout_to: 'main',
  wagering_multiplier: '',
  claim_hours: '72',
  is_active: '1',
};

/** The form's values for terms already set (to change them). */
const valuesOf = (t: Terms): typeof EMPTY => ({
  currency: t.currency,
  percent: t.percent,
  min_loss: t.min_loss,
  cap: t.cap ?? '',
  period: t.period,
  payout_to: t.payout_to,
  wagering_multiplier: String(t.wagering_multiplier),
  claim_hours: String(t.claim_hours),
  is_active: t.is_active ? '1' : '',
});

/**
 * Cashback rules (issue #30): the terms of each currency (percent of the period's real-money net
 * loss, its minimum and cap, daily or weekly, paid as money or as a bonus to wager) and setting
 * them. Terms switched off stop new periods; cashbacks already computed stay the player's.
 */
export function CashbackPage() {
  const { data, query } = useStaffRead(contract.cashbacks.staffgetsettings);
  // Unticked, `is_active` is sent as 0 (an absent flag would leave the terms as they were).
  const form = useStaffForm(contract.cashbacks.staffsetsettings, EMPTY, {
    extra: (values) => ({ is_active: values.is_active === '1' ? 1 : 0 }),
    onDone: () => void query.refetch(),
  });
  const columns: Column<Terms>[] = [
    { header: 'Currency', cell: (t) => t.currency },
    { header: 'Percent', cell: (t) => `${t.percent}%` },
    { header: 'Least loss', cell: (t) => t.min_loss },
    { header: 'Cap', cell: (t) => t.cap ?? 'none' },
    { header: 'Period', cell: (t) => t.period },
    {
      header: 'Paid as',
      cell: (t) => (t.payout_to === 'main' ? 'money' : `bonus, wager ×${t.wagering_multiplier}`),
    },
    { header: 'Hours to claim', cell: (t) => t.claim_hours },
    { header: 'Status', cell: (t) => (t.is_active ? 'On' : 'Off') },
  ];
  if (form.allowed) {
    columns.push({
      header: 'Change',
      cell: (t) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Change the ${t.currency} terms`}
          onClick={() => form.load(valuesOf(t))}
        >
          Change
        </Button>
      ),
    });
  }
  return (
    <>
      <PageTitle>Cashback rules</PageTitle>
      <ListSection
        title="Terms by currency"
        label="Cashback terms"
        error={query.error}
        columns={columns}
        rows={data ?? []}
        rowKey={(t) => t.currency}
        empty={query.isLoading ? 'Loading…' : 'No cashback is offered yet.'}
      />
      <FormSection
        title="Set the terms of a currency"
        form={form}
        submit="Save the terms"
        success="Terms saved. They apply from the next period."
      >
        <Group>
          <legend>What it pays</legend>
          <Input label="Currency" maxLength={3} {...form.field('currency')} />
          <Input label="Percent of the net loss" inputMode="decimal" {...form.field('percent')} />
          <Input label="Least net loss" inputMode="decimal" {...form.field('min_loss')} />
          <Input label="Cap (empty: none)" inputMode="decimal" {...form.field('cap')} />
        </Group>
        <Group>
          <legend>How</legend>
          <Select
            label="Period"
            options={CASHBACK_PERIODS.map((value) => ({ value, label: value }))}
            {...form.field('period')}
          />
          <Select
            label="Paid as"
            options={CASHBACK_PAYOUTS.map((value) => ({
              value,
              label: value === 'main' ? 'money' : 'a bonus to wager',
            }))}
            {...form.field('payout_to')}
          />
          <Input
            label="Wagering of a bonus payout (×)"
            inputMode="numeric"
            {...form.field('wagering_multiplier')}
          />
          <Input label="Hours to claim" inputMode="numeric" {...form.field('claim_hours')} />
          <Checkbox label="Switched on" {...form.check('is_active')} />
        </Group>
      </FormSection>
    </>
  );
}
