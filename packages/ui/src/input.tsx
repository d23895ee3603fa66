import {
  forwardRef,
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { controlStyles, describedBy, Field, FieldLabel, FieldMessages } from './field.tsx';

const Control = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;

/**
 * Rewrites what the player typed into the field's format (`+7 (###) ###-##-##`, §5 masks). The
 * rule set lives in `@northstar/validators` (`applyMasks`); the field only applies it.
 */
export type InputMask = (value: string) => string;

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** A translated message shown under the field and announced with it; marks the field invalid. */
  error?: ReactNode;
  /** A translated hint under the field (format, limits). */
  hint?: ReactNode;
  /** Applied to every change before `onChange` sees it. */
  mask?: InputMask;
}

/** Puts `masked` into the field, keeping the caret where the player is typing. */
function writeMasked(input: HTMLInputElement, masked: string) {
  const before = input.value;
  if (masked === before) return;
  const caret = input.selectionStart ?? before.length;
  const atEnd = caret >= before.length;
  input.value = masked;
  if (document.activeElement !== input) return;
  const position = atEnd
    ? masked.length
    : Math.max(0, Math.min(masked.length, caret + masked.length - before.length));
  input.setSelectionRange(position, position);
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, error, hint, mask, id, onChange, 'aria-describedby': extraDescribedBy, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (mask) writeMasked(event.currentTarget, mask(event.currentTarget.value));
    onChange?.(event);
  };
  return (
    <Field>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <Control
        ref={ref}
        id={inputId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, hintId, error, errorId, extraDescribedBy)}
        onChange={handleChange}
        {...rest}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
});
