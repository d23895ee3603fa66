import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Button, media } from '@northstar/ui';

/** What the history and exports pages share: the title, the two tabs, formats. */

const TabBar = styled.nav`
  display: flex;
  gap: 8px;
  margin-bottom: 20px;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 14px;
    border-radius: 10px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-decoration: none;
    border: 1px solid ${({ theme }) => theme.colors.border};
    &[aria-current='page'] {
      color: ${({ theme }) => theme.colors.text};
      border-color: ${({ theme }) => theme.colors.primary};
    }
  }
`;

function Tab({
  route,
  current,
  label,
}: {
  route: 'profileBetsHistory' | 'profileBetsExports';
  current: boolean;
  label: ReactNode;
}) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath(route, {}, locale));
  return (
    <a {...link} aria-current={current ? 'page' : undefined}>
      {label}
    </a>
  );
}

export function HistoryTabs({ current }: { current: 'history' | 'exports' }) {
  return (
    <TabBar aria-label="History">
      <Tab
        route="profileBetsHistory"
        current={current === 'history'}
        label={<Trans id="profile.history.tab">Game history</Trans>}
      />
      <Tab
        route="profileBetsExports"
        current={current === 'exports'}
        label={<Trans id="profile.exports.tab">Exports</Trans>}
      />
    </TabBar>
  );
}

export function useFormats() {
  const { locale } = useShellNavigation();
  const money = (amount: string | null | undefined, currency: string) => {
    if (amount === null || amount === undefined) return '—';
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
    } catch {
      return `${amount} ${currency}`;
    }
  };
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  return { money, when, day };
}

export const Filters = styled.form`
  display: grid;
  gap: 16px;
  margin-bottom: 20px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: end;
  ${media.from('laptop')} {
    grid-template-columns: repeat(4, minmax(0, 240px));
  }
`;

export const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 20px;
  padding: 14px 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

export const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  margin-top: 20px;
`;

/** Previous, "Page n of m", Next: the history tables' pages (20 a page). */
export function PageSwitcher({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Pager aria-label={t({ id: 'profile.history.pages', message: 'Pages' })}>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <Trans id="profile.history.previous">Previous</Trans>
      </Button>
      <span>
        <Trans id="profile.history.pageOf">
          Page {page + 1} of {pages}
        </Trans>
      </span>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        <Trans id="profile.history.next">Next</Trans>
      </Button>
    </Pager>
  );
}

export const Empty = styled.p`
  padding: 32px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: 12px;
`;

/** A table on wide screens; each row a card on phones (the cells carry their labels). */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th,
  td {
    padding: 12px 10px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  td.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  th.num {
    text-align: right;
  }
  ${media.below('tablet')} {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr {
      display: grid;
      grid-template-columns: 1fr 1fr;
      gap: 4px 12px;
      padding: 12px;
      margin-bottom: 10px;
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: 12px;
    }
    td {
      display: grid;
      gap: 2px;
      padding: 4px 0;
      border: 0;
    }
    td.num {
      text-align: left;
    }
    td::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: 12px;
    }
  }
`;
