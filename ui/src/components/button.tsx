import { Link } from 'react-router-dom';
import styled, { css, type DefaultTheme } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants = (theme: DefaultTheme): Record<ButtonVariant, ReturnType<typeof css>> => ({
  primary: css`
    background: ${theme.colors.primary};
    color: #fff;
    &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; }
  `,
  secondary: css`
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    border-color: ${theme.colors.borderStrong};
    &:hover:not(:disabled) { background: ${theme.colors.surfaceMuted}; }
    /* A toggle that is on (aria-pressed): filled, so the chosen view shows which it is. */
    &[aria-pressed='true'] { background: ${theme.colors.primary}; border-color: ${theme.colors.primary}; color: #fff; }
    &[aria-pressed='true']:hover:not(:disabled) { background: ${theme.colors.primaryHover}; }
  `,
  danger: css`
    background: ${theme.colors.surface};
    color: ${theme.colors.dangerText};
    border-color: #fecaca;
    &:hover:not(:disabled) { background: ${theme.colors.dangerSoft}; }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.text};
    &:hover:not(:disabled) { background: rgba(15, 23, 42, 0.06); }
  `,
});

const base = css<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${({ theme }) => theme.touch};
  padding: 0 18px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-weight: 600;
  font-size: 15px;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  transition: background 0.15s ease, transform 0.1s ease;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  &:active:not(:disabled) { transform: scale(0.98); }
  &:disabled { opacity: 0.65; cursor: not-allowed; }
  ${({ theme, $variant = 'primary' }) => variants(theme)[$variant]}
`;

export const Button = styled.button.attrs<{ type?: string }>((props) => ({
  type: props.type ?? 'button',
}))<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${base}
`;

export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${base}
`;

const round = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ theme }) => theme.touch};
  height: ${({ theme }) => theme.touch};
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover { background: rgba(15, 23, 42, 0.06); }
`;

export const IconButton = styled.button.attrs({ type: 'button' })`
  ${round}
`;

export const IconLink = styled(Link)`
  ${round}
`;
