import styled from 'styled-components';
import { media } from '@northstar/ui';

/** One block of the security page: a raised surface with its heading and lead. */
export const Card = styled.section`
  display: grid;
  gap: 16px;
  align-content: start;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('tablet')} {
    padding: 28px;
  }
`;

export const CardHead = styled.header`
  display: flex;
  gap: 14px;
  align-items: flex-start;
  h2 {
    margin: 0;
    font-size: 20px;
  }
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
    line-height: 1.5;
  }
`;

export const IconBadge = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 12px;
  color: ${({ theme }) => theme.colors.primary};
  background: rgba(245, 184, 65, 0.1);
  border: 1px solid rgba(245, 184, 65, 0.35);
`;

export const Form = styled.form`
  display: grid;
  gap: 14px;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  line-height: 1.5;
`;

export const Notice = styled.p<{ $tone?: 'danger' | 'success' }>`
  margin: 0;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: 14px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ $tone }) =>
    $tone === 'success' ? 'rgba(47, 210, 122, 0.12)' : 'rgba(255, 107, 122, 0.12)'};
  border: 1px solid
    ${({ $tone, theme }) => ($tone === 'success' ? theme.colors.success : theme.colors.danger)};
`;

export const StatusPill = styled.span<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 13px;
  font-weight: 700;
  color: ${({ $on, theme }) => ($on ? theme.colors.success : theme.colors.textMuted)};
  background: ${({ $on }) => ($on ? 'rgba(47, 210, 122, 0.12)' : 'rgba(169, 179, 207, 0.1)')};
  border: 1px solid ${({ $on, theme }) => ($on ? 'rgba(47, 210, 122, 0.45)' : theme.colors.border)};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
`;

export const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
