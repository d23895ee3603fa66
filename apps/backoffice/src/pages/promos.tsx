import { useState, type FormEvent } from 'react';
import { api as contract, type ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
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
import { Muted, PageTitle, Row, Section } from '../ui.tsx';

type PromoCode = ResponseOf<typeof contract.campaigns.stafflistpromocodes>['items'][number];
type Template = ResponseOf<typeof contract.bonuses.stafflisttemplates>['items'][number];

/** The templates a code or an offer may grant, as choices: `12 · Welcome 100% (deposit)`. */
export function useTemplateChoices() {
  const { data } = useStaffRead(contract.bonuses.stafflisttemplates, { count: 100 });
  const templates: Template[] = data?.items ?? [];
  return {
    templates,
    options: templates.map((t) => ({
      value: String(t.id),
      label: `${t.id} · ${t.name} (${t.trigger.replace('_', ' ')})`,
    })),
    nameOf: (id: number | null) =>
      id === null ? null : (templates.find((t) => t.id === id)?.name ?? `#${id}`),
  };
}

const EMPTY = {
  code: '',
  description: '',
  template_id: '',
  valid_from: '',
  valid_until: '',
  max_uses: '',
  max_uses_per_player: '1',
  new_players_only: '',
};

/**
 * Promo codes (issue #30): find a code, see its limits and uses, switch it off or on, and make a
 * new one over a bonus template.
 */
export function PromosPage() {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const { data, query } = useStaffRead(contract.campaigns.stafflistpromocodes, {
    count: 100,
    ...(search ? { query: search } : {}),
  });
  const templates = useTemplateChoices();
  const refresh = () => void query.refetch();
  const form = useStaffForm(contract.campaigns.staffcreatepromocode, EMPTY, { onDone: refresh });

  const columns: Column<PromoCode>[] = [
    {
      header: 'Code',
      cell: (c) => (
        <Described note={c.description}>
          <strong>{c.code}</strong>
        </Described>
      ),
    },
    {
      header: 'Grants',
      cell: (c) => templates.nameOf(c.template_id) ?? <Muted>its own template</Muted>,
    },
    { header: 'From', cell: (c) => dayOrDash(c.valid_from) },
    { header: 'Until', cell: (c) => dayOrDash(c.valid_until) },
    {
      header: 'Used',
      cell: (c) => `${c.uses}${c.max_uses === null ? '' : ` of ${c.max_uses}`}`,
    },
    {
      header: 'Per player',
      cell: (c) => `${c.max_uses_per_player}${c.new_players_only ? ', new players' : ''}`,
    },
    switchColumn<PromoCode>({
      definition: contract.campaigns.staffsetpromocodeactive,
      values: (c) => ({ id: c.id }),
      label: (c) => `code ${c.code}`,
      onDone: refresh,
    }),
  ];

  function find(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
  }

  return (
    <>
      <PageTitle>Promo codes</PageTitle>
      <Section aria-label="Find a code">
        <form onSubmit={find}>
          <Row>
            <Input
              label="Code (or part of it)"
              name="query"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit">Find</Button>
          </Row>
        </form>
      </Section>
      <ListSection
        title={`Codes${data ? ` (${data.total})` : ''}`}
        label="Promo codes"
        error={query.error}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(c) => c.id}
        empty={query.isLoading ? 'Loading…' : 'No code matches.'}
      />
      <FormSection
        title="New promo code"
        form={form}
        submit="Create the code"
        success="Code created. Players can enter it from its first day."
      >
        <Group>
          <legend>The code</legend>
          <Input label="Code" hint="Letters, digits, - and _" {...form.field('code')} />
          <Input label="Description (optional)" {...form.field('description')} />
          <Select
            label="Bonus template it grants"
            placeholder="The template named by the code"
            options={templates.options}
            {...form.field('template_id')}
          />
        </Group>
        <Group>
          <legend>Limits</legend>
          <Input label="First day (UTC)" type="date" {...form.field('valid_from')} />
          <Input label="Ends (UTC day, exclusive)" type="date" {...form.field('valid_until')} />
          <Input
            label="Uses in all (empty: no limit)"
            inputMode="numeric"
            {...form.field('max_uses')}
          />
          <Input
            label="Uses per player"
            inputMode="numeric"
            {...form.field('max_uses_per_player')}
          />
          <Checkbox
            label="Only players who have not deposited yet"
            {...form.check('new_players_only')}
          />
        </Group>
      </FormSection>
    </>
  );
}
