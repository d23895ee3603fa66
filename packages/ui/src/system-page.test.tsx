// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SystemPage } from './system-page.tsx';
import { setup } from './testing/setup.tsx';

afterEach(cleanup);

describe('SystemPage', () => {
  it('names the card by its header and shows the icon, description and button', () => {
    setup(
      <SystemPage
        name="user-blocked"
        owner="shell"
        icon="/icons/blocked.svg"
        title="Account blocked"
        description="Contact support."
        action={{ label: 'Contact support', href: '/support' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account blocked' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Account blocked' }).textContent).toContain(
      'Contact support.',
    );
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/support',
    );
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/icons/blocked.svg');
    expect(
      document.querySelector('[data-system-page="user-blocked"]')?.getAttribute('data-remote'),
    ).toBe('shell');
  });

  it('draws no button without an action', () => {
    setup(<SystemPage name="pay-mobile" title="Mobile" description="Finish on your phone." />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows an announced spinner instead of the icon while pending', () => {
    setup(
      <SystemPage
        name="pay-pending"
        icon="/icons/x.svg"
        pending
        pendingLabel="Waiting for the payment"
        title="Pending"
        description="Hold on."
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Waiting for the payment');
    expect(document.querySelector('[data-system-page-spinner]')).not.toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('falls back to the built-in glyph when the icon fails to load', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup(<SystemPage name="maintenance" icon="/broken.svg" title="T" description="D" />);
    fireEvent.error(document.querySelector('img')!);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('[data-system-page="maintenance"] svg')).not.toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
