// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Tabs, type TabItem } from './tabs.tsx';
import { setup } from './testing/setup.tsx';

afterEach(cleanup);

const ITEMS: TabItem[] = [
  { id: 'deposit', label: 'Deposits', panel: <p>Deposit history</p> },
  { id: 'withdrawal', label: 'Withdrawals', panel: <p>Withdrawal history</p> },
  { id: 'bonuses', label: 'Bonuses', panel: <p>Bonus history</p>, disabled: true },
  { id: 'cashbacks', label: 'Cashbacks', panel: <p>Cashback history</p> },
];

describe('Tabs', () => {
  it('marks the selected tab with aria-selected and shows its panel', () => {
    setup(<Tabs items={ITEMS} label="History" />);
    expect(screen.getByRole('tablist', { name: 'History' })).toBeTruthy();
    const first = screen.getByRole('tab', { name: 'Deposits' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Withdrawals' }).getAttribute('aria-selected')).toBe(
      'false',
    );
    expect(screen.getByRole('tabpanel', { name: 'Deposits' }).textContent).toBe('Deposit history');
  });

  it('has one tab in the tab order (roving tabindex)', async () => {
    const { user } = setup(
      <>
        <Tabs items={ITEMS} label="History" />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Deposits' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('moves and selects with the arrow keys, skipping disabled tabs and wrapping', async () => {
    const onChange = vi.fn();
    const { user } = setup(<Tabs items={ITEMS} label="History" onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    const withdrawals = screen.getByRole('tab', { name: 'Withdrawals' });
    expect(document.activeElement).toBe(withdrawals);
    expect(withdrawals.getAttribute('aria-selected')).toBe('true');
    expect(withdrawals.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Deposits' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel').textContent).toBe('Withdrawal history');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Cashbacks' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Deposits' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Cashbacks' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Deposits' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Cashbacks' }));
    expect(onChange.mock.calls.map(([id]) => id)).toEqual([
      'withdrawal',
      'cashbacks',
      'deposit',
      'cashbacks',
      'deposit',
      'cashbacks',
    ]);
  });

  it('follows a controlled value and selects on click', async () => {
    const onChange = vi.fn();
    const { user } = setup(
      <Tabs items={ITEMS} label="History" value="withdrawal" onChange={onChange} />,
    );
    expect(screen.getByRole('tab', { name: 'Withdrawals' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Cashbacks' }));
    expect(onChange).toHaveBeenCalledWith('cashbacks');
    // Controlled: stays until the owner changes `value`.
    expect(screen.getByRole('tab', { name: 'Withdrawals' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
