import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';
import { media } from '@northstar/ui';
import { messagesFor, translateMessage } from '@northstar/validators';

/** The layout pieces of the responsible-gaming page. */

export const Section = styled.section`
  display: grid;
  gap: 14px;
  padding: 20px;
  border-radius: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${media.from('tablet')} {
    padding: 24px;
  }
  h2 {
    margin: 0;
    font-size: 20px;
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
`;

export const Grid = styled.div`
  display: grid;
  gap: 20px;
  ${media.from('laptop')} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

export const Row = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;

export const FormBox = styled.form`
  display: grid;
  gap: 14px;
  > div:last-child {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
  }
`;

export const Notice = styled.p<{ $tone?: 'error' | 'info' }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: 12px;
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.borderStrong)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  line-height: 1.5;
`;

export const LimitList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
  li {
    display: grid;
    gap: 4px;
    padding: 12px 14px;
    border-radius: 12px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  strong {
    font-size: 16px;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
  }
`;

/** An amount the server gave as a decimal string, in the page's language and the currency. */
export function useMoney(): (amount: string | null, currency: string) => string {
  const { locale } = useShellNavigation();
  return (amount, currency) => {
    if (amount === null) return '';
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
    } catch {
      return `${amount} ${currency}`;
    }
  };
}

export function useDateTime(): (iso: string) => string {
  const { locale } = useShellNavigation();
  return (iso) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
}

/** A field message in the page's language (§5 dictionaries; the wrong password is ours). */
export function useFieldMessage(): (message: string | null | undefined) => ReactNode {
  const { locale } = useShellNavigation();
  const { t } = useLingui();
  return (message) => {
    if (!message) return undefined;
    if (message === 'wrong_password') {
      return t({ id: 'profile.responsible.wrongPassword', message: 'The password is wrong.' });
    }
    return translateMessage(message, messagesFor(locale));
  };
}

/** The period of a deposit or loss limit, in words. */
export function usePeriodText(): (period: string) => string {
  const { t } = useLingui();
  return (period) => {
    switch (period) {
      case '1':
        return t({ id: 'profile.responsible.period.day', message: 'Daily (1 day)' });
      case '7':
        return t({ id: 'profile.responsible.period.week', message: 'Weekly (7 days)' });
      case '14':
        return t({ id: 'profile.responsible.period.fortnight', message: 'Every 14 days' });
      default:
        return t({ id: 'profile.responsible.period.month', message: 'Monthly (30 days)' });
    }
  };
}

/** A self-exclusion or time-out period, in words. */
export function useExclusionText(): (period: string) => string {
  const { t } = useLingui();
  return (period) => {
    switch (period) {
      case '24h':
        return t({ id: 'profile.responsible.break.24h', message: '24 hours' });
      case '6w':
        return t({ id: 'profile.responsible.break.6w', message: '6 weeks' });
      case '1d':
        return t({ id: 'profile.responsible.exclusion.1d', message: '1 day' });
      case '7d':
        return t({ id: 'profile.responsible.exclusion.7d', message: '7 days' });
      case '30d':
        return t({ id: 'profile.responsible.exclusion.30d', message: '30 days' });
      case '3m':
        return t({ id: 'profile.responsible.exclusion.3m', message: '3 months' });
      case '6m':
        return t({ id: 'profile.responsible.exclusion.6m', message: '6 months' });
      case '9m':
        return t({ id: 'profile.responsible.exclusion.9m', message: '9 months' });
      case '1y':
        return t({ id: 'profile.responsible.exclusion.1y', message: '1 year' });
      case '2y':
        return t({ id: 'profile.responsible.exclusion.2y', message: '2 years' });
      case '3y':
        return t({ id: 'profile.responsible.exclusion.3y', message: '3 years' });
      case '4y':
        return t({ id: 'profile.responsible.exclusion.4y', message: '4 years' });
      case '5y':
        return t({ id: 'profile.responsible.exclusion.5y', message: '5 years' });
      default:
        return t({ id: 'profile.responsible.exclusion.permanent', message: 'Permanently' });
    }
  };
}
