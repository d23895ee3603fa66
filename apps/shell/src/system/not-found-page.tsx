import { Trans } from '@lingui/react/macro';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { SystemPage } from '@northstar/ui/system-page';
import styled from 'styled-components';
import { useDefaultImage, useOptionalAction } from './system-page-parts.tsx';

const Path = styled.code`
  display: block;
  margin-top: 8px;
  overflow-wrap: anywhere;
`;

/** A route that matches nothing, or a page that is not there: the 404 system page of §8. */
export function NotFoundPage() {
  const { locale, pathname } = useShellNavigation();
  const action = useOptionalAction(
    'notFound.home',
    routePath('home', {}, locale),
    <Trans id="notFound.home">Back to the lobby</Trans>,
  );
  return (
    <SystemPage
      name="not-found"
      owner="shell"
      icon={useDefaultImage('notFound')}
      title={<Trans id="notFound.title">Page not found</Trans>}
      description={
        <>
          <Trans id="notFound.text">The page you are looking for has moved or never existed.</Trans>
          {/* §8: "Page Not Found" plus the path (a failed page validation names it). */}
          <Path data-testid="not-found-path">{pathname}</Path>
        </>
      }
      action={action}
    />
  );
}
