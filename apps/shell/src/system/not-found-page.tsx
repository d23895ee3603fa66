import { Trans } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { ButtonLink, PagePlaceholder } from '@northstar/ui';

/** A route that matches nothing: the non-fatal 404 of §8. */
export function NotFoundPage() {
  const { locale } = useShellNavigation();
  const home = useLinkProps(routePath('home', {}, locale));
  return (
    <PagePlaceholder
      owner="shell"
      title={<Trans id="notFound.title">Page not found</Trans>}
      text={
        <Trans id="notFound.text">The page you are looking for has moved or never existed.</Trans>
      }
    >
      <div style={{ marginTop: 24 }}>
        <ButtonLink {...home}>
          <Trans id="notFound.home">Back to the lobby</Trans>
        </ButtonLink>
      </div>
    </PagePlaceholder>
  );
}
