import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media, PageContainer, Skeleton } from '@northstar/ui';
import { ProfileNav } from '../layout/profile-nav.tsx';

/**
 * The frame every `/profile` child page shares (issue #25): the section menu, then the page's
 * title and lead, then its panels. The other profile pages use it too, so the account area looks
 * and reads as one place.
 */
export function ProfileFrame({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container data-remote="profile">
      <ProfileNav side />
      <Main>
        <Head>
          <Title>{title}</Title>
          {lead ? <Lead>{lead}</Lead> : null}
        </Head>
        <Stack>{children}</Stack>
      </Main>
    </Container>
  );
}

/**
 * What a profile page shows while its own chunk loads (every page is split off for the JS
 * budget): the same frame, so the menu does not jump when the page arrives.
 */
export function ProfileFrameFallback() {
  return (
    <Container data-remote="profile" aria-busy="true">
      <ProfileNav side />
      <Main>
        <Skeleton $height="36px" $width="min(320px, 100%)" />
        <Skeleton $height="320px" style={{ marginTop: 24 }} $radius="16px" />
      </Main>
    </Container>
  );
}

/** Phones and tablets: the menu bar above the page; from laptops a menu column beside it. */
const Container = styled(PageContainer)`
  display: grid;
  /* minmax(0, …): the menu bar scrolls inside its track instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  padding-top: 16px;
  ${media.from('tablet')} {
    padding-top: 24px;
  }
  ${media.from('laptop')} {
    grid-template-columns: 232px minmax(0, 1fr);
    gap: 32px;
  }
`;

const Main = styled.div`
  min-width: 0;
  max-width: 1000px;
`;

const Head = styled.header`
  margin-bottom: 20px;
`;

const Title = styled.h1`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 26px;
  ${media.from('tablet')} {
    font-size: 32px;
  }
`;

const Lead = styled.p`
  margin: 8px 0 0;
  max-width: 640px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Stack = styled.div`
  display: grid;
  gap: 20px;
`;

/** A titled card of a profile page. */
export function Panel({
  title,
  lead,
  aside,
  children,
  labelId,
}: {
  title: ReactNode;
  lead?: ReactNode;
  /** Shown at the end of the header (a status chip). */
  aside?: ReactNode;
  children: ReactNode;
  /** The heading's id, for `aria-labelledby`. */
  labelId: string;
}) {
  return (
    <Card aria-labelledby={labelId}>
      <PanelHead>
        <div>
          <PanelTitle id={labelId}>{title}</PanelTitle>
          {lead ? <PanelLead>{lead}</PanelLead> : null}
        </div>
        {aside}
      </PanelHead>
      {children}
    </Card>
  );
}

const Card = styled.section`
  padding: 20px 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(120% 140% at 100% 0%, rgba(139, 108, 255, 0.08), transparent 55%),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('tablet')} {
    padding: 28px 28px;
  }
`;

const PanelHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 20px;
`;

const PanelTitle = styled.h2`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 20px;
`;

const PanelLead = styled.p`
  margin: 6px 0 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A small status pill: verified, confirmed, pending. */
export const Chip = styled.span<{ $tone: 'success' | 'warning' | 'muted' }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 28px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 13px;
  font-weight: 600;
  white-space: nowrap;
  color: ${({ theme, $tone }) =>
    $tone === 'success'
      ? theme.colors.success
      : $tone === 'warning'
        ? theme.colors.warning
        : theme.colors.textMuted};
  border: 1px solid currentColor;
  background: rgba(255, 255, 255, 0.03);
`;

/** A message under a form: an error (role alert) or a confirmation. */
export const Notice = styled.p<{ $tone?: 'error' | 'info' }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: 14px;
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'info' ? theme.colors.info : theme.colors.danger)};
  background: ${({ $tone }) =>
    $tone === 'info' ? 'rgba(90, 169, 255, 0.08)' : 'rgba(255, 107, 122, 0.08)'};
`;

/** A responsive grid of form fields: one column on phones, two from tablets. */
export const FieldGrid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  ${media.from('tablet')} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-top: 20px;
`;

export const Muted = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
