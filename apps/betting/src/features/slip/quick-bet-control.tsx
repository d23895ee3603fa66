import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { Checkbox, Input } from '@northstar/ui/forms';
import { useViewer } from '../shared/api.ts';
import { quickBetAtom } from './slip-state.ts';
import { useMoneyText } from './slip-words.ts';

const Box = styled.div`
  display: grid;
  gap: 8px;
  margin-bottom: 14px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.border};
`;

/** The quick-bet switch and its stake, above the slip (signed-in players only). */
export function QuickBetControl() {
  const { t } = useLingui();
  const viewer = useViewer();
  const money = useMoneyText();
  const [quick, setQuick] = useAtom(quickBetAtom);
  if (viewer === null || viewer === 0) return null;
  return (
    <Box data-quick-bet={quick.on ? 'on' : 'off'}>
      <Checkbox
        label={t({ id: 'betting.quick.label', message: 'Quick bet: one tap places a single' })}
        checked={quick.on}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setQuick((current) => ({ ...current, on }));
        }}
      />
      {quick.on ? (
        <Input
          label={t({ id: 'betting.quick.stake', message: 'Quick-bet stake' })}
          name="quick_stake"
          inputMode="decimal"
          autoComplete="off"
          value={quick.stake}
          hint={money.currency ?? undefined}
          onChange={(event) => {
            const stake = event.currentTarget.value.slice(0, 20);
            setQuick((current) => ({ ...current, stake }));
          }}
        />
      ) : null}
    </Box>
  );
}
