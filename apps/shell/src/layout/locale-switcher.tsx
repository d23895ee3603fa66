import { useId } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import {
  activateLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALES,
  isLocale,
  localizePath,
  splitLocalePath,
} from '@northstar/i18n';
import { useShellNavigation } from '@northstar/shell-sdk';

const Select = styled.select`
  min-height: 36px;
  padding: 0 28px 0 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
`;

/** Switches the locale: same page, other prefix; remembers the choice for a year (§4, §9). */
export function LocaleSwitcher() {
  const { locale, pathname, search, hash, navigate } = useShellNavigation();
  const { t } = useLingui();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t({ id: 'header.language', message: 'Language' })}
      </label>
      <Select
        id={id}
        value={locale}
        onChange={async (event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
          await activateLocale(next);
          navigate(localizePath(splitLocalePath(pathname).path, next) + search + hash);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.code.slice(0, 2).toUpperCase()} · {l.name}
          </option>
        ))}
      </Select>
    </>
  );
}
