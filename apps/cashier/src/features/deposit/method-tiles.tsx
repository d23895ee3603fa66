import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';
import { Icon, type IconName } from '@northstar/ui';
import type { PaymentMethod } from '../shared/api.ts';
import { formatWhole } from '../shared/money.ts';

const ICONS: Record<PaymentMethod['type'], IconName> = {
  card: 'wallet',
  bank: 'shield',
  ewallet: 'bolt',
};

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    margin-bottom: 10px;
    font-weight: 600;
    font-size: 14px;
  }
`;

/** The cashier config's deposit view type: tiles in a `grid`, or a `list` of one per row. */
const Grid = styled.div<{ $view: 'list' | 'grid' }>`
  display: grid;
  gap: 10px;
  grid-template-columns: ${({ $view }) =>
    $view === 'grid' ? 'repeat(auto-fill, minmax(150px, 1fr))' : '1fr'};
  ${({ $view }) =>
    $view === 'list'
      ? `label { grid-template-columns: auto 1fr auto; align-items: center; column-gap: 12px; }`
      : ''}
`;

const Tile = styled.label`
  position: relative;
  display: grid;
  gap: 6px;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
  transition:
    border-color 0.15s,
    background 0.15s;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.primary};
    background: rgba(245, 184, 65, 0.08);
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  strong {
    font-size: 15px;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 12px;
  }
`;

/**
 * The payment methods as tiles: a radio group (arrow keys move between them), each with its
 * name and the amounts it takes.
 */
export function MethodTiles({
  methods,
  currency,
  value,
  onChange,
  name = 'method',
  view = 'grid',
}: {
  methods: readonly PaymentMethod[];
  currency: string;
  value: string | undefined;
  onChange: (sysname: string) => void;
  name?: string;
  view?: 'list' | 'grid';
}) {
  const { locale } = useShellNavigation();
  const { t } = useLingui();
  return (
    <Group>
      <legend>
        <Trans id="cashier.method.legend">Payment method</Trans>
      </legend>
      <Grid $view={view}>
        {methods.map((method) => (
          <Tile key={method.sysname}>
            <input
              type="radio"
              name={name}
              value={method.sysname}
              checked={value === method.sysname}
              onChange={() => onChange(method.sysname)}
            />
            <Icon name={ICONS[method.type]} size={22} />
            <strong>{method.name}</strong>
            <small>
              {t({
                id: 'cashier.method.limits',
                message: `${formatWhole(method.min, currency, locale)} – ${formatWhole(method.max, currency, locale)}`,
              })}
            </small>
          </Tile>
        ))}
      </Grid>
    </Group>
  );
}
