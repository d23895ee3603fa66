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
