import { api as contract, type ResponseOf } from '@northstar/contract';
import { Checkbox, Input, Select } from '@northstar/ui/forms';
import {
  Described,
  dayOrDash,
  FormSection,
  Group,
  ListSection,
  switchColumn,
  useStaffForm,
  useStaffRead,
  type Column,
} from '../resource.tsx';
import { PageTitle } from '../ui.tsx';
import { useTemplateChoices } from './promos.tsx';

type Offer = ResponseOf<typeof contract.campaigns.stafflistoffers>[number];

const EMPTY = {
  template_id: '',
  title: '',
  description: '',
  exclude_methods: '',
  promotions: '',
  valid_until: '',
  first_deposit: '',
};

/**
 * Offers (issue #30): what the site offers over a deposit or offer template, its terms of taking
 * (payment methods left out, first deposit only) and the promotions that present it. Saving over
 * a template that has an offer changes that offer.
 */
export function OffersPage() {
  const { data, query } = useStaffRead(contract.campaigns.stafflistoffers);
  const templates = useTemplateChoices();
  const refresh = () => void query.refetch();
  const form = useStaffForm(contract.campaigns.staffsaveoffer, EMPTY, { onDone: refresh });

  const columns: Column<Offer>[] = [
    {
      header: 'Offer',
      cell: (o) => (
        <Described note={o.description}>
          <strong>{o.title}</strong>
        </Described>
      ),
    },
    { header: 'Template', cell: (o) => templates.nameOf(o.template_id) },
    {
      header: 'Who',
      cell: (o) =>
        [
          o.first_deposit ? 'before a first deposit' : 'anyone',
          o.exclude_methods.length ? `not by ${o.exclude_methods.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; '),
    },
    { header: 'Promotions', cell: (o) => o.promotions.join(', ') || '—' },
    { header: 'Until', cell: (o) => dayOrDash(o.valid_until) },
    switchColumn<Offer>({
      definition: contract.campaigns.staffsetofferactive,
      values: (o) => ({ template_id: o.template_id }),
      label: (o) => `offer ${o.title}`,
      onDone: refresh,
    }),
  ];

  return (
    <>
      <PageTitle>Offers</PageTitle>
      <ListSection
        title="Offers"
        label="Offers"
        error={query.error}
        columns={columns}
        rows={data ?? []}
        rowKey={(o) => o.template_id}
        empty={query.isLoading ? 'Loading…' : 'No offers yet.'}
      />
      <FormSection
        title="Save an offer"
        form={form}
        submit="Save the offer"
        success="Offer saved. It shows where its promotions and the deposit form list offers."
      >
        <Group>
          <legend>The offer</legend>
          <Select
            label="Bonus template (deposit or offer trigger)"
            placeholder="Choose…"
            options={templates.options.filter((option) =>
              /\((deposit|offer)\)$/.test(option.label),
            )}
            {...form.field('template_id')}
          />
          <Input label="Title" {...form.field('title')} />
          <Input label="Description (optional)" {...form.field('description')} />
        </Group>
        <Group>
          <legend>Who may take it</legend>
          <Input
            label="Payment methods left out"
            hint="Comma-separated sysnames"
            {...form.field('exclude_methods')}
          />
          <Input
            label="Promotions that present it"
            hint="Comma-separated slugs"
            {...form.field('promotions')}
          />
          <Input label="Ends (UTC day, exclusive)" type="date" {...form.field('valid_until')} />
          <Checkbox label="Before the first deposit only" {...form.check('first_deposit')} />
        </Group>
      </FormSection>
    </>
  );
}
