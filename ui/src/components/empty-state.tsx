import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 40px 20px;
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  & > svg { color: ${({ theme }) => theme.colors.subtle}; }
  p { max-width: 32ch; }
`;

export function EmptyState({
  message,
  icon: IconComponent = Inbox,
  children,
}: {
  message: string;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <Box>
      <IconComponent size={40} strokeWidth={1.5} aria-hidden="true" />
      <p>{message}</p>
      {children}
    </Box>
  );
}
