import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '@northstar/i18n/format';
import { media, PageContainer, Skeleton } from '@northstar/ui';

/** The loyalty pages' shared pieces (issue #27): titles, panels, the progress bar, points. */

export const Page = styled(PageContainer)`
  display: grid;
  gap: 24px;
  padding-bottom: 40px;
`;

export const PageTitle = styled.h1`
  margin: 0;
  font-size: 28px;
  ${media.from('tablet')} {
    font-size: 36px;
  }
`;

export const Lead = styled.p`
  margin: 8px 0 0;
  max-width: 640px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Hero = styled.header`
  position: relative;
  overflow: hidden;
  display: grid;
  gap: 20px;
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid rgba(245, 184, 65, 0.35);
  background: ${({ theme }) => theme.gradients.hero};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
    align-items: center;
    padding: 36px;
  }
`;

const PanelBox = styled.section`
  min-width: 0;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  > h2 {
    margin: 0 0 4px;
    font-size: 20px;
  }
  ${media.from('tablet')} {
    padding: 24px;
  }
`;

const PanelLead = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

export function Panel({
  id,
  title,
  lead,
  children,
  ...rest
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
} & Record<`data-${string}`, string>) {
  return (
    <PanelBox aria-labelledby={id} {...rest}>
      <h2 id={id}>{title}</h2>
      {lead ? <PanelLead>{lead}</PanelLead> : <div style={{ height: 12 }} />}
      {children}
    </PanelBox>
  );
}

const Track = styled.div`
  height: 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.gradients.gold};
  box-shadow: ${({ theme }) => theme.shadows.gold};
  transition: width 0.4s ease;
`;

/** A labelled progress bar (0–100): the label names what it measures, for screen readers. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-progress={value}
    >
      <Fill style={{ width: `${value}%` }} />
    </Track>
  );
}

/** A whole number of points in the page's locale ("1,250"). */
export function usePoints(): (points: number) => string {
  const { i18n } = useLingui();
  return (points) => formatAmount(points, i18n.locale);
}

/** "1,250 points", with the locale's plural forms. */
export function Points({ value }: { value: number }) {
  return <Plural id="loyalty.points" value={value} one="# point" other="# points" />;
}

export const Notice = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(255, 107, 122, 0.12);
  border: 1px solid rgba(255, 107, 122, 0.4);
  color: ${({ theme }) => theme.colors.text};
`;

const RetryButton = styled.button`
  min-height: 44px;
  padding: 0 8px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice role="alert">
      <Trans id="loyalty.loadError">This could not be loaded.</Trans>{' '}
      <RetryButton type="button" onClick={onRetry}>
        <Trans id="loyalty.retry">Try again</Trans>
      </RetryButton>
    </Notice>
  );
}

export const BackLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  justify-self: start;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const Label = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
`;

export function PageFallback() {
  return (
    <Page data-remote="loyalty" aria-busy="true">
      <Skeleton $height="200px" $radius="24px" />
      <Skeleton $height="44px" $width="min(420px, 100%)" />
      <Skeleton $height="280px" $radius="24px" />
    </Page>
  );
}
