import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { LOCALES_NOT_FOUND } from '@northstar/i18n/locale-choice';

const Fatal = styled.main`
  max-width: 560px;
  margin: 15vh auto;
  padding: 0 24px;
  text-align: center;
  h1 {
    font-size: 24px;
    margin: 0 0 12px;
  }
  code {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * §8: no locale can be determined, so the site cannot start (the platform answers the fatal 500
 * `PLUGIN:I18N: LOCALES NOT FOUND`; this is the client's side of it). Kept plain: the system
 * pages own the error pages.
 */
export function LocalesNotFound() {
  return (
    <Fatal id="main" data-testid="locales-not-found">
      <h1>
        <Trans id="session.localesNotFoundTitle">The site cannot open right now</Trans>
      </h1>
      <p>
        <Trans id="session.localesNotFoundText">
          No language is available for this site. Please try again later.
        </Trans>
      </p>
      <p>
        <code>500 {LOCALES_NOT_FOUND}</code>
      </p>
    </Fatal>
  );
}
