import { api as contract, type ResponseOf } from '@northstar/contract';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import {
  dayOrDash,
  FormSection,
  Group,
  ListSection,
  switchColumn,
  useStaffForm,
  useStaffRead,
  type Column,
} from '../resource.tsx';
import { Muted, PageTitle } from '../ui.tsx';

type Level = ResponseOf<typeof contract.loyalty.getlevels>['items'][number];
type Quest = ResponseOf<typeof contract.loyalty.stafflistprograms>[number];
type Product = ResponseOf<typeof contract.loyalty.stafflistproducts>[number];

const EMPTY_LEVEL = {
  level: '',
  name: '',
  points_from: '',
  cashback_percent: '0',
  shop_discount_percent: '0',
};

/** `50 points`, `€5.00`, `bonus WELCOME`: what a quest or a product gives. */
function gives(reward: {
  type: string;
  points?: number | null;
  template_code: string | null;
  amount: { amount: string; currency: string } | null;
}) {
  if (reward.type === 'points') return `${reward.points ?? 0} points`;
  if (reward.type === 'cash' && reward.amount)
    return `${reward.amount.amount} ${reward.amount.currency}`;
  return `${reward.type} ${reward.template_code ?? ''}`.trim();
}

function Levels() {
  const { data, query } = useStaffRead(contract.loyalty.getlevels);
  const form = useStaffForm(contract.loyalty.staffsavelevel, EMPTY_LEVEL, {
    onDone: () => void query.refetch(),
  });
  const columns: Column<Level>[] = [
    { header: 'Level', cell: (l) => l.level },
    { header: 'Name', cell: (l) => l.name },
    { header: 'From (lifetime points)', cell: (l) => l.points_from },
    { header: 'Cashback perk', cell: (l) => `+${l.cashback_percent}%` },
    { header: 'Shop discount', cell: (l) => `${l.shop_discount_percent}%` },
  ];
  if (form.allowed) {
    columns.push({
      header: 'Change',
      cell: (l) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Change level ${l.name}`}
          onClick={() =>
            form.load({
              level: String(l.level),
              name: l.name,
              points_from: String(l.points_from),
              cashback_percent: String(l.cashback_percent),
              shop_discount_percent: String(l.shop_discount_percent),
            })
          }
        >
          Change
        </Button>
      ),
    });
  }
  return (
    <>
      <ListSection
        title="Levels"
        label="Loyalty levels"
        error={query.error}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(l) => l.level}
        empty={query.isLoading ? 'Loading…' : 'No levels.'}
      />
      <FormSection
        title="Add or change a level"
        form={form}
        submit="Save the level"
        success="Level saved. Players' levels follow their lifetime points at once."
      >
        <Group>
          <legend>The level</legend>
          <Input label="Number (1 is the lowest)" inputMode="numeric" {...form.field('level')} />
          <Input label="Name" {...form.field('name')} />
          <Input
            label="From lifetime points"
            inputMode="numeric"
            hint="The lowest level starts at 0; each higher one needs more"
            {...form.field('points_from')}
          />
          <Input
            label="Cashback perk (%)"
            inputMode="numeric"
            {...form.field('cashback_percent')}
          />
          <Input
            label="Shop discount (%)"
            inputMode="numeric"
            {...form.field('shop_discount_percent')}
          />
        </Group>
      </FormSection>
    </>
  );
}

/**
 * Loyalty (issue #30): the level table and its perks (finance changes it), the quests and the
 * shop's products, each switched off or on (content and finance). Quests and products are made
 * in the content of the site's programme (loyalty/seeding.ts for the demo).
 */
export function LoyaltyPage() {
  const quests = useStaffRead(contract.loyalty.stafflistprograms);
  const shop = useStaffRead(contract.loyalty.stafflistproducts);
  const questColumns: Column<Quest>[] = [
    { header: 'Quest', cell: (q) => q.title },
    {
      header: 'Counts',
      cell: (q) => (
        <>
          {q.kind}
          {q.category ? ` (${q.category})` : ''} to {q.target}
          <br />
          <Muted>{q.period === 'once' ? 'once' : `each ${q.period}`}</Muted>
        </>
      ),
    },
    { header: 'Reward', cell: (q) => gives(q.reward) },
    { header: 'From level', cell: (q) => q.min_level },
    { header: 'Ends', cell: (q) => dayOrDash(q.ends_at) },
    switchColumn<Quest>({
      definition: contract.loyalty.staffsetprogramactive,
      values: (q) => ({ id: q.id }),
      label: (q) => `quest ${q.title}`,
      onDone: () => void quests.query.refetch(),
    }),
  ];
  const productColumns: Column<Product>[] = [
    { header: 'Product', cell: (p) => p.title },
    { header: 'Price', cell: (p) => `${p.price_points} points` },
    { header: 'Gives', cell: (p) => gives(p) },
    { header: 'From level', cell: (p) => p.min_level },
    switchColumn<Product>({
      definition: contract.loyalty.staffsetproductactive,
      values: (p) => ({ id: p.id }),
      label: (p) => `product ${p.title}`,
      onDone: () => void shop.query.refetch(),
    }),
  ];
  return (
    <>
      <PageTitle>Loyalty</PageTitle>
      <Levels />
      <ListSection
        title="Quests"
        label="Quests"
        error={quests.query.error}
        columns={questColumns}
        rows={quests.data ?? []}
        rowKey={(q) => q.id}
        empty={quests.query.isLoading ? 'Loading…' : 'No quests.'}
      />
      <ListSection
        title="Shop"
        label="Shop products"
        error={shop.query.error}
        columns={productColumns}
        rows={shop.data ?? []}
        rowKey={(p) => p.id}
        empty={shop.query.isLoading ? 'Loading…' : 'No products.'}
      />
    </>
  );
}
