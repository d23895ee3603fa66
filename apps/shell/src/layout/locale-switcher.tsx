import { useId } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, isLocale } from '@northstar/i18n';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { sessionAtom, useShellNavigation, useSiteLocales } from '@northstar/shell-sdk';

const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='14' height='14' viewBox='0 0 24 24' fill='none' stroke='%23a9b3cf' stroke-width='2.6' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E")`;

const Select = styled.select`
  appearance: none;
  min-height: 36px;
  padding: 0 32px 0 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface} ${chevron} no-repeat right 12px center;
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
  option {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    /* Each language's name in the system font: naming "Русский" must not download the
       Cyrillic web font on every page. */
    font-family: system-ui, sans-serif;
  }
`;

const VisibleLabel = styled.label`
  display: block;
  margin-bottom: 8px;
  font-size: 13px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The locales to offer: the content backend's list (`/nfx/i18n/locales`, so an operator can
 * withdraw one), limited to those the front end has texts for; the built-in list until it answers.
 */
function useOfferedLocales(current: string) {
  const remote = useSiteLocales();
  if (!remote) return LOCALES;
  const offered = remote.locales.filter((l) => isLocale(l.code) || l.code === current);
  return offered.some((l) => l.code === current)
    ? offered
    : [...offered, ...LOCALES.filter((l) => l.code === current)];
}

/**
 * Switches the locale: same page, other prefix, no reload; remembers the choice for a year (§4,
 * §9), and for a signed-in player on the account too (§7 change-locale). See `switchLocale`.
 */
export function LocaleSwitcher({ visibleLabel = false }: { visibleLabel?: boolean }) {
  const { locale, pathname, search, hash, navigate } = useShellNavigation();
  const session = useAtomValue(sessionAtom);
  const queryClient = useQueryClient();
  const locales = useOfferedLocales(locale);
  const { t } = useLingui();
  const id = useId();
  return (
    <>
      {visibleLabel ? (
        <VisibleLabel htmlFor={id}>
          {t({ id: 'header.language', message: 'Language' })}
        </VisibleLabel>
      ) : (
        <label htmlFor={id} className="visually-hidden">
          {t({ id: 'header.language', message: 'Language' })}
        </label>
      )}
      <Select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === locale) return;
          const context = {
            queryClient,
            signedIn: session.status === 'signed-in',
            pathname,
            search,
            hash,
            navigate,
          };
          void import('../session/locale-switch.ts').then((m) => m.switchLocale(next, context));
        }}
      >
        {locales.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.code.slice(0, 2).toUpperCase()} · {l.name}
          </option>
        ))}
      </Select>
    </>
  );
}
