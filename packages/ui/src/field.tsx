import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/** The parts every form control shares: a label, a hint, an error message. */
export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

export const FieldLabel = styled.label`
  font-size: 14px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const Hint = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  display: flex;
  gap: 6px;
  align-items: flex-start;
  margin: 0;
  font-size: 13px;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.danger};
  svg {
    flex: none;
    margin-top: 2px;
  }
`;

/** Control chrome: a 44 px dark well with a gold focus ring; red while invalid. */
export const controlStyles = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  transition:
    border-color 120ms ease,
    box-shadow 120ms ease;
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.75;
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme, $invalid }) =>
      $invalid ? theme.colors.danger : theme.colors.borderStrong};
  }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px rgba(245, 184, 65, 0.28);
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: ReactNode;
  errorId: string;
}) {
  return (
    <>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path
              d="M12 7v6M12 17h.01"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
          <span>{error}</span>
        </ErrorText>
      ) : null}
    </>
  );
}

/** `aria-describedby` for a control: its hint and its error, whichever are shown. */
export function describedBy(
  hint: ReactNode,
  hintId: string,
  error: ReactNode,
  errorId: string,
  extra?: string,
): string | undefined {
  const ids = [extra, hint ? hintId : null, error ? errorId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
