import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, describedBy, Field, FieldLabel, FieldMessages } from './field.tsx';

const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='%23a9b3cf' stroke-width='2.4' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E")`;

/**
 * A native select: the keyboard, screen readers and the phone's own picker work as the platform
 * does. Where the browser supports customizable selects (`appearance: base-select`), the list is
 * drawn in the theme with items at least 36 px high (§9); elsewhere the platform list is used.
 */
const Control = styled.select<{ $invalid: boolean }>`
  ${controlStyles}
  appearance: none;
  padding-right: 40px;
  background-image: ${chevron};
  background-repeat: no-repeat;
  background-position: right 14px center;
  cursor: pointer;
  option {
    min-height: ${({ theme }) => theme.selectItemMinSize}px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
  @supports (appearance: base-select) {
    &,
    &::picker(select) {
      appearance: base-select;
    }
    display: flex;
    align-items: center;
    &::picker-icon {
      display: none;
    }
    &::picker(select) {
      margin-top: 4px;
      padding: 4px;
      border-radius: ${({ theme }) => theme.radii.md};
      border: 1px solid ${({ theme }) => theme.colors.borderStrong};
      background: ${({ theme }) => theme.colors.surfaceRaised};
      box-shadow: ${({ theme }) => theme.shadows.raised};
      max-height: min(320px, 60dvh);
    }
    option {
      display: flex;
      align-items: center;
      gap: 8px;
      min-height: ${({ theme }) => theme.selectItemMinSize}px;
      padding: 6px 12px;
      border-radius: ${({ theme }) => theme.radii.sm};
      background: transparent;
      cursor: pointer;
    }
    option:hover,
    option:focus-visible {
      background: ${({ theme }) => theme.colors.surfaceHover};
      outline: none;
    }
    option:checked {
      color: ${({ theme }) => theme.colors.primary};
      font-weight: 700;
    }
    option::checkmark {
      order: 1;
      margin-left: auto;
    }
  }
`;

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** The choices; `children` (`<option>`s) work too. */
  options?: readonly SelectOption[];
  /** A first, empty choice shown while nothing is chosen. */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  {
    label,
    options,
    placeholder,
    error,
    hint,
    id,
    children,
    'aria-describedby': extraDescribedBy,
    ...rest
  },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  return (
    <Field>
      <FieldLabel htmlFor={selectId}>{label}</FieldLabel>
      <Control
        ref={ref}
        id={selectId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, hintId, error, errorId, extraDescribedBy)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </Control>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
});
