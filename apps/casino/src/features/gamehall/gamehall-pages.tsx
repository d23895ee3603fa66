import type { RemotePageProps } from '@northstar/shell-sdk';
import { PagePlaceholder } from '@northstar/ui';

/** `/gamehall`. */
export function GamehallPage() {
  return <PagePlaceholder owner="casino" title="Game hall" text="" />;
}

/** `/gamehall/{id}`. */
export function GamehallItemPage(_props: RemotePageProps<'gamehallItem'>) {
  return <PagePlaceholder owner="casino" title="Game hall" text="" />;
}
