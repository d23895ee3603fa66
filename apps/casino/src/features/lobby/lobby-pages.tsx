import type { RemotePageProps } from '@northstar/shell-sdk';
import { PagePlaceholder } from '@northstar/ui';

export function ProvidersPage() {
  return <PagePlaceholder owner="casino" title="Providers" text="" />;
}
export function JackpotsPage() {
  return <PagePlaceholder owner="casino" title="Jackpots" text="" />;
}
export function JackpotPage(_props: RemotePageProps<'jackpot'>) {
  return <PagePlaceholder owner="casino" title="Jackpot" text="" />;
}
export function WinnersPage() {
  return <PagePlaceholder owner="casino" title="Winners" text="" />;
}
