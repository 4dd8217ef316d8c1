import { TOAST } from '@erp/contracts';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import styled, { css, keyframes } from 'styled-components';

import { dismissToast, useToasts } from '@/lib/toast-store';

const slideIn = keyframes`from { transform: translateY(calc(100% + 16px)); } to { transform: translateY(0); }`;
const slideOut = keyframes`from { transform: translateX(var(--radix-toast-swipe-end-x)); }
  to { transform: translateX(calc(100% + 32px)); }`;

const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  z-index: 100;
  /* At the top, over the title bar: never over a form's buttons at its foot. */
  left: 0;
  right: 0;
  top: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: calc(8px + env(safe-area-inset-top)) 8px 8px;
  list-style: none;
  outline: none;
  @media (min-width: 640px) { left: auto; width: 400px; }
`;

const Root = styled(ToastPrimitive.Root)<{ $destructive: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 14px 8px 14px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  ${({ theme, $destructive }) =>
    $destructive
      ? css`background: ${theme.colors.dangerHover}; color: #fff;`
      : css`background: ${theme.colors.surface}; color: ${theme.colors.text};
          border: 1px solid ${theme.colors.border};`}
  &[data-state='open'] { animation: ${slideIn} 0.2s ease-out; }
  &[data-state='closed'] { animation: ${slideOut} 0.15s ease-in; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 0.2s ease-out; }
  &[data-swipe='end'] { animation: ${slideOut} 0.15s ease-out; }
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
  padding-top: 2px;
`;
const Title = styled(ToastPrimitive.Title)`font-weight: 700;`;
const Description = styled(ToastPrimitive.Description)`font-size: 14px; opacity: 0.95;`;

const Action = styled(ToastPrimitive.Action)`
  min-height: 44px;
  align-self: center;
  padding: 0 12px;
  border-radius: 8px;
  border: 1px solid currentColor;
  background: transparent;
  font-weight: 600;
  cursor: pointer;
`;

const Close = styled(ToastPrimitive.Close)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 44px;
  height: 44px;
  margin: -6px 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
  &:hover { background: rgba(127, 127, 127, 0.15); }
`;

/** Renders the toast store with Radix Toast: 5000 ms, swipe right 50 px, F8 (SEED-SPEC §9). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST.durationMs}
      swipeDirection="right"
      swipeThreshold={TOAST.swipeThreshold}
    >
      {toasts.map((item) => (
        <Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          $destructive={item.variant === 'destructive'}
        >
          {/* Announced through the viewport's live region, not Radix's hidden copy, so each
              text is on the page once (a copy breaks plain text lookups for a second). */}
          <Body data-radix-toast-announce-exclude="">
            <Title>{item.title}</Title>
            {item.description && <Description>{item.description}</Description>}
          </Body>
          {item.action && (
            <Action altText={item.action.label} onClick={item.action.onClick}>
              {item.action.label}
            </Action>
          )}
          <Close aria-label="Close">
            <X size={18} aria-hidden="true" />
          </Close>
        </Root>
      ))}
      <Viewport hotkey={[TOAST.hotkey]} label="Notifications ({hotkey})" aria-live="polite" />
    </ToastPrimitive.Provider>
  );
}
