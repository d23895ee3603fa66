import { Skeleton } from '@northstar/ui';

/** A skeleton of a form while the site config and reference data load (§2). */
export function FormSkeleton() {
  return (
    <div aria-hidden="true" style={{ display: 'grid', gap: 16 }}>
      <Skeleton $height="48px" />
      <Skeleton $height="48px" />
      <Skeleton $height="48px" />
      <Skeleton $height="52px" />
    </div>
  );
}
