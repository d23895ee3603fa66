import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from './theme.ts';

export const PageContainer = styled.div`
  width: 100%;
  max-width: 1320px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  ${media.from('tablet')} {
    padding: 32px 24px 64px;
  }
`;

const Card = styled.section`
  margin-top: 8px;
  padding: 40px 24px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background:
    radial-gradient(120% 140% at 100% 0%, rgba(124, 92, 255, 0.18), transparent 60%),
    radial-gradient(100% 120% at 0% 100%, rgba(245, 184, 65, 0.12), transparent 55%),
    ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
  ${media.from('tablet')} {
    padding: 64px 40px;
  }
`;

const Heading = styled.h1`
  font-size: 28px;
  ${media.from('tablet')} {
    font-size: 36px;
  }
`;

const Lead = styled.p`
  margin: 12px auto 0;
  max-width: 520px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PagePlaceholderProps {
  /** The owning app, written to `data-remote` on the page root. */
  owner: string;
  title: ReactNode;
  text: ReactNode;
  children?: ReactNode;
}

/** The frame of a page whose feature is not built yet: its title and a "coming soon" line. */
export function PagePlaceholder({ owner, title, text, children }: PagePlaceholderProps) {
  return (
    <PageContainer data-remote={owner}>
      <Card aria-labelledby={`${owner}-page-title`}>
        <Heading id={`${owner}-page-title`}>{title}</Heading>
        <Lead>{text}</Lead>
        {children}
      </Card>
    </PageContainer>
  );
}
