import styled from 'styled-components';
import type { ReactNode } from 'react';

export const PageTitle = styled.h1`
  font-size: clamp(1.625rem, 4vw, 2.25rem);
  margin: 8px 0 8px;
`;

export const Lead = styled.p`
  margin: 0 0 24px;
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 720px;
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: 16px;
`;

export const Card = styled.article`
  min-width: 0;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
  h2 {
    margin: 0 0 8px;
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 8px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Section = styled.section`
  margin: 32px 0 0;
  h2 {
    font-size: 1.25rem;
    margin: 0 0 12px;
  }
`;

export const CardLink = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

export const Article = styled.article`
  max-width: 760px;
  padding: 28px 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  line-height: 1.65;
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.25rem;
    margin: 24px 0 8px;
  }
  p {
    margin: 0 0 14px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A promotion's text as the content backend holds it: blank lines split paragraphs, `## ` starts
 * a heading. Drawn as text nodes, never as HTML, so an entry cannot put markup on the site.
 */
export function PromotionText({ content }: { content: string }) {
  const blocks = content.split(/\n{2,}/);
  return blocks.flatMap((block, index) => {
    const lines = block.split('\n');
    const out: ReactNode[] = [];
    if (lines[0]?.startsWith('## ')) {
      out.push(<h2 key={`h${index}`}>{lines.shift()!.slice(3)}</h2>);
    }
    if (lines.length > 0) out.push(<p key={`p${index}`}>{lines.join(' ')}</p>);
    return out;
  });
}
