import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { DIGITAN_SYSNAME, gamePlayPath, useShellNavigation } from '@northstar/shell-sdk';
import { useViewer } from '../shared/api.ts';

/**
 * The third-party sportsbook framed (§3 `hasDigitan`, the seed's way, issue #29): the operator
 * chose it by putting `dgt_sportsbook` in the catalogue. A player plays it with money, a visitor
 * for fun (the provider's demo).
 */
const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: calc(100vh - ${({ theme }) => theme.headerHeight.desktop}px);
  min-height: 640px;
  border: 0;
`;

export function ThirdPartyBook() {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const viewer = useViewer();
  const mode = viewer !== null && viewer > 0 ? 'real' : 'fun';
  const query = new URLSearchParams({ mode, lang: locale });
  return (
    <div data-remote="betting" data-third-party-book>
      <Frame
        src={`${gamePlayPath({ sysname: DIGITAN_SYSNAME })}?${query.toString()}`}
        title={t({ id: 'betting.thirdParty.title', message: 'Sportsbook' })}
        allow="fullscreen"
      />
    </div>
  );
}
