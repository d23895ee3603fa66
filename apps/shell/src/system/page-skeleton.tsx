import { Trans } from '@lingui/react/macro';
import { PageContainer, Skeleton } from '@northstar/ui';

/** What a page shows while its remote's code is on the way. */
export function PageSkeleton() {
  return (
    <PageContainer aria-busy="true">
      <span className="visually-hidden">
        <Trans id="page.loading">Loading…</Trans>
      </span>
      <Skeleton $height="36px" $width="40%" />
      <div style={{ height: 16 }} />
      <Skeleton $height="220px" $radius="16px" />
    </PageContainer>
  );
}
