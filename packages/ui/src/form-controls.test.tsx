// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Checkbox } from './checkbox.tsx';
import { Input } from './input.tsx';
import { Select } from './select.tsx';
import { setup } from './testing/setup.tsx';

afterEach(cleanup);

/** A stand-in for `@northstar/validators`' applyMasks: `+7 (###) ###-##-##`. */
function phoneMask(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^7/, '').slice(0, 10);
  const mask = '+7 (###) ###-##-##';
  let out = '';
  let i = 0;
  for (const char of mask) {
    if (i >= digits.length) break;
    out += char === '#' ? digits[i++] : char;
  }
  return out;
}

describe('Input', () => {
  it('is labelled, and an error marks it invalid and describes it', () => {
    setup(<Input label="Email" error="Insert email address" hint="We never share it" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it', 'Insert email address']);
    expect(screen.getByRole('alert').textContent).toBe('Insert email address');
  });

  it('without an error it is not invalid and has no alert', () => {
    setup(<Input label="Email" />);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('applies the mask to what is typed (uncontrolled)', async () => {
    const onChange = vi.fn();
    const { user } = setup(
      <Input label="Phone" mask={phoneMask} onChange={(e) => onChange(e.target.value)} />,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Phone');
    await user.type(input, '9161234567');
    expect(input.value).toBe('+7 (916) 123-45-67');
    expect(onChange).toHaveBeenLastCalledWith('+7 (916) 123-45-67');
    await user.type(input, 'x99');
    expect(input.value).toBe('+7 (916) 123-45-67');
  });

  it('applies the mask for a controlled field too', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <>
          <Input
            label="Phone"
            mask={phoneMask}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <output>{value}</output>
        </>
      );
    }
    const { user } = setup(<Controlled />);
    await user.type(screen.getByLabelText('Phone'), '916abc12');
    expect(screen.getByRole('status').textContent).toBe('+7 (916) 12');
  });
});

describe('Select', () => {
  const OPTIONS = [
    { value: 'EUR', label: 'Euro' },
    { value: 'USD', label: 'US dollar' },
    { value: 'BRL', label: 'Real', disabled: true },
  ];

  it('is a labelled native select the keyboard can drive', async () => {
    const onChange = vi.fn();
    const { user } = setup(
      <Select label="Currency" options={OPTIONS} onChange={(e) => onChange(e.target.value)} />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Currency');
    expect(select.tagName).toBe('SELECT');
    await user.selectOptions(select, 'USD');
    expect(select.value).toBe('USD');
    expect(onChange).toHaveBeenCalledWith('USD');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Real' }).disabled).toBe(true);
  });

  it('shows a placeholder and an error', () => {
    setup(
      <Select label="Country" options={OPTIONS} placeholder="Choose…" error="Required" required />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Country');
    expect(select.value).toBe('');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Required');
  });
});

describe('Checkbox', () => {
  it('toggles from its label and from the Space key', async () => {
    const { user } = setup(<Checkbox label="I accept the terms" error="Accept the terms" />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'I accept the terms' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByText('I accept the terms'));
    expect(box.checked).toBe(true);
    box.focus();
    await user.keyboard(' ');
    expect(box.checked).toBe(false);
  });
});
