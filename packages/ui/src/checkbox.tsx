import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { describedBy, FieldMessages } from './field.tsx';

const Row = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: 10px;
  min-height: 24px;
  font-size: 14px;
  line-height: 1.45;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const check = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%231a1204' stroke-width='3.2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M5 12.5l4.5 4.5L19 7.5'/%3E%3C/svg%3E")`;

/** The real checkbox, drawn as a 20 px box: Space toggles it, labels and forms work natively. */
const Box = styled.input<{ $invalid: boolean }>`
  appearance: none;
  flex: none;
  width: 20px;
  height: 20px;
  margin: 1px 0 0;
  border-radius: 6px;
  border: 2px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  background: ${({ theme }) => theme.colors.background} center / 14px no-repeat;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease;
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:checked {
    border-color: ${({ theme }) => theme.colors.primary};
    background-color: ${({ theme }) => theme.colors.primary};
    background-image: ${check};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, hint, id, 'aria-describedby': extraDescribedBy, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <Wrap>
      <Row htmlFor={inputId}>
        <Box
          ref={ref}
          id={inputId}
          type="checkbox"
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint, hintId, error, errorId, extraDescribedBy)}
          {...rest}
        />
        <span>{label}</span>
      </Row>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Wrap>
  );
});
