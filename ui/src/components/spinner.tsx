import styled, { keyframes } from 'styled-components';

import { VisuallyHidden } from '@/components/visually-hidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: 48px 0;
`;

const Ring = styled.span`
  width: 36px;
  height: 36px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Wrap role="status" aria-live="polite">
      <Ring aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Wrap>
  );
}
