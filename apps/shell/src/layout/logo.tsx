import styled from 'styled-components';
import { media } from '@northstar/ui';
import { useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation, useSiteContent } from '@northstar/shell-sdk';

/** The site config's default logo file (the built-in mark and wordmark drawn below). */
const BUILT_IN_LOGO = '/logo.svg';

const Picture = styled.picture`
  display: inline-flex;
  img {
    display: block;
    height: 32px;
    width: auto;
    max-width: 200px;
  }
`;

const Link = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.display};
  font-weight: 800;
  font-size: 16px;
  letter-spacing: 0.04em;
  border-radius: 8px;
  ${media.from('tablet')} {
    font-size: 20px;
    letter-spacing: 0.06em;
  }
`;

const Word = styled.span`
  span {
    color: ${({ theme }) => theme.colors.primary};
  }
  /* The narrowest phones keep the mark only, so both account buttons fit in every language. */
  @media (max-width: 419px) {
    display: none;
  }
`;

/**
 * The site's logo, linking home. An operator who sets other logo files in the site config (§3
 * logo variants: desktop, and mobile under 420 px) gets those; until then, and with the
 * defaults, the built-in mark and wordmark are drawn inline (no extra request, no flash).
 */
export function Logo() {
  const { locale } = useShellNavigation();
  const { t } = useLingui();
  const link = useLinkProps(routePath('home', {}, locale));
  const logo = useSiteContent()?.siteConfig.logo;
  const label = t({ id: 'header.logoLabel', message: 'Northstar Casino, home' });
  if (logo && logo.desktop !== BUILT_IN_LOGO) {
    return (
      <Link {...link} aria-label={label}>
        <Picture>
          <source media="(max-width: 419px)" srcSet={logo.mobile} />
          <img src={logo.desktop} alt="" />
        </Picture>
      </Link>
    );
  }
  return (
    <Link {...link} aria-label={label}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <linearGradient id="ns-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffd36e" />
            <stop offset="1" stopColor="#e59a12" />
          </linearGradient>
        </defs>
        <circle cx="16" cy="16" r="15" fill="#1b2440" stroke="url(#ns-logo)" strokeWidth="2" />
        <path d="M16 5l2.6 8.4L27 16l-8.4 2.6L16 27l-2.6-8.4L5 16l8.4-2.6z" fill="url(#ns-logo)" />
      </svg>
      <Word aria-hidden="true">
        NORTH<span>STAR</span>
      </Word>
    </Link>
  );
}
