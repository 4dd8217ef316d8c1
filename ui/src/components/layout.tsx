import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import styled from 'styled-components';

import { IconButton, IconLink } from '@/components/button';
import { ConnectionStatus } from '@/components/connection-status';

export const Main = styled.main`
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 16px 16px calc(32px + env(safe-area-inset-bottom));
  @media (min-width: 768px) { padding: 24px 24px 48px; }
`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: saturate(180%) blur(12px);
  box-shadow: ${({ theme }) => theme.shadow.header};
`;

const BarInner = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 10px 12px;
  min-height: 64px;
  @media (min-width: 768px) { padding: 12px 20px; }
`;

const Titles = styled.div`
  flex: 1;
  min-width: 0;
  h1 { font-size: 20px; line-height: 1.25; font-weight: 700; letter-spacing: -0.01em; }
  p { font-size: 14px; color: ${({ theme }) => theme.colors.muted}; }
`;

export type BackTarget = { label: string } & ({ to: string } | { onClick: () => void });

export interface TopBarProps {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: BackTarget;
  leading?: ReactNode;
  actions?: ReactNode;
  /** Moves focus to the title when shown (a form opened in place of its list). */
  focusTitle?: boolean;
}

/** The sticky screen header: back arrow, title and subtitle, optional actions. */
export function TopBar({ title, subtitle, back, leading, actions, focusTitle }: TopBarProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus({ preventScroll: true });
  }, [focusTitle]);
  return (
    <Bar>
      <BarInner>
        {back && <BackControl back={back} />}
        {leading}
        <Titles>
          <h1 ref={heading} tabIndex={focusTitle ? -1 : undefined}>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </Titles>
        {actions}
        <ConnectionStatus />
      </BarInner>
    </Bar>
  );
}

function BackControl({ back }: { back: BackTarget }) {
  const icon = <ArrowLeft size={22} aria-hidden="true" />;
  if ('to' in back) {
    return (
      <IconLink to={back.to} aria-label={back.label}>
        {icon}
      </IconLink>
    );
  }
  return (
    <IconButton onClick={back.onClick} aria-label={back.label}>
      {icon}
    </IconButton>
  );
}

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  border: 1px solid rgba(226, 232, 240, 0.7);
  padding: 18px;
  @media (min-width: 768px) { padding: 24px; }
`;

export const CardHeading = styled.h2`
  font-size: 17px;
  font-weight: 700;
  margin-bottom: 14px;
`;

export const IconTile = styled.span<{ $bg: string; $fg: string; $size?: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size = 44 }) => $size}px;
  height: ${({ $size = 44 }) => $size}px;
  border-radius: 12px;
  background: ${({ $bg }) => $bg};
  color: ${({ $fg }) => $fg};
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 12 }) => $gap}px;
`;
