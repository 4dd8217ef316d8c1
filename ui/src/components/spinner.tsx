import styled, { keyframes } from 'styled-components';

import { VisuallyHidden } from '@/components/visually-hidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: 48px 0;
`;

// An SVG, not a bordered box: the browser counts a drawn SVG as the page's first content, so a
// phone shows "something is happening" as soon as the app runs, not once the screen's code is in.
const Ring = styled.svg`
  width: 36px;
  height: 36px;
  animation: ${spin} 0.8s linear infinite;
  circle { fill: none; stroke-width: 3; }
  circle:first-child { stroke: ${({ theme }) => theme.colors.border}; }
  circle:last-child { stroke: ${({ theme }) => theme.colors.primary}; stroke-dasharray: 24.3 97.4; }
`;

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Wrap role="status" aria-live="polite">
      <Ring viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="15.5" />
        <circle cx="18" cy="18" r="15.5" />
      </Ring>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Wrap>
  );
}
