import styled from 'styled-components';
import { Button } from '@northstar/ui';

/** The back office's own building blocks, on the design system's tokens (packages/ui theme). */

export const PageTitle = styled.h1`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 24px;
  margin: 0 0 ${({ theme }) => theme.space(5)};
`;

export const Section = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(5)};

  & > h2 {
    font-size: 16px;
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-end;
`;

/** A form's fields and buttons, one under the other. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 520px;

  & > button {
    align-self: flex-start;
  }
`;

/**
 * A table that scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too
 * (axe's scrollable-region-focusable).
 */
export const TableWrap = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;

  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }

  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }

  a {
    color: ${({ theme }) => theme.colors.info};
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Alert = styled.p<{ $tone?: 'danger' | 'success' }>`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.danger)};
  color: ${({ theme }) => theme.colors.text};
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(5)};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

export const Code = styled.code`
  font-size: 12px;
  word-break: break-all;
`;

/** `2026-11-29T10:00:00.000Z` as the staff member's local date and time. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Newer and Older under a list that comes a page at a time, newest first. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Row>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <Muted>
        Page {page} of {pages}
      </Muted>
      <Button
        size="sm"
        variant="secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Older
      </Button>
    </Row>
  );
}
