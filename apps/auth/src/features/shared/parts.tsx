import styled from 'styled-components';

/** The layout pieces every view of the popup and the embedded forms share. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const Row = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;

export const LinkButton = styled.button`
  align-self: flex-start;
  padding: 4px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
  }
  &:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    cursor: default;
  }
`;

export const Switch = styled.p`
  margin: 4px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  > button {
    align-self: auto;
    margin-left: 6px;
  }
`;

/** A failure that belongs to no field (§4 "failure shows a server-error notice"). */
export const Notice = styled.p`
  margin: 0;
  padding: 10px 14px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.colors.danger};
  background: rgba(255, 107, 122, 0.08);
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
`;

export const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 15px;
`;

export const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 4px 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;
