import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageContainer } from './page.tsx';
import { media } from './theme.ts';

/**
 * The frame of a page with a title and a line (a page not built yet, a remote that could not
 * load, the icons page): its own entry, `@northstar/ui/page-placeholder`, bundled by the pages
 * that draw it, so the every-page chunk does not carry it (tools/budget.ts).
 */

const Card = styled.section`
  position: relative;
  overflow: hidden;
  margin-top: 8px;
  padding: 40px 20px 44px;
  border-radius: ${({ theme }) => theme.radii.xl};
  background:
    radial-gradient(120% 140% at 100% 0%, rgba(139, 108, 255, 0.2), transparent 60%),
    radial-gradient(100% 120% at 0% 100%, rgba(245, 184, 65, 0.12), transparent 55%),
    ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  text-align: center;
  ${media.from('tablet')} {
    padding: 72px 40px;
  }
`;

/** The brand's star in a gold ring: decoration above the title. */
const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin-bottom: 20px;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.primary};
  background: radial-gradient(circle, rgba(245, 184, 65, 0.18), rgba(245, 184, 65, 0.04));
  border: 1px solid rgba(245, 184, 65, 0.4);
  box-shadow: 0 0 32px rgba(245, 184, 65, 0.18);
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
        <Mark aria-hidden="true">
          <svg width="30" height="30" viewBox="0 0 24 24" fill="currentColor" focusable="false">
            <path d="M12 1.5l2.6 7.9 7.9 2.6-7.9 2.6-2.6 7.9-2.6-7.9L1.5 12l7.9-2.6z" />
          </svg>
        </Mark>
        <Heading id={`${owner}-page-title`}>{title}</Heading>
        <Lead>{text}</Lead>
        {children}
      </Card>
    </PageContainer>
  );
}
