import type { RemotePageProps } from '@northstar/shell-sdk';
import { PagePlaceholder } from '@northstar/ui';

/** `/game/{sysname}`. */
export function GamePage(_props: RemotePageProps<'game'>) {
  return <PagePlaceholder owner="casino" title="Game" text="" />;
}
