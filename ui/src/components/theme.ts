import { colorOrDefault, type ModuleColor } from '@erp/contracts/shell';

export interface ModulePalette {
  /** Icon and accent colour. */
  readonly fg: string;
  /** Tinted tile behind an icon. */
  readonly bg: string;
  /** Accent text on white: at least 4.5:1 contrast. */
  readonly text: string;
}

const modules: Record<ModuleColor, ModulePalette> = {
  blue: { fg: '#2563eb', bg: '#eff6ff', text: '#1d4ed8' },
  green: { fg: '#16a34a', bg: '#f0fdf4', text: '#15803d' },
  purple: { fg: '#9333ea', bg: '#faf5ff', text: '#7e22ce' },
  orange: { fg: '#ea580c', bg: '#fff7ed', text: '#c2410c' },
  pink: { fg: '#db2777', bg: '#fdf2f8', text: '#be185d' },
  indigo: { fg: '#4f46e5', bg: '#eef2ff', text: '#4338ca' },
  teal: { fg: '#0d9488', bg: '#f0fdfa', text: '#0f766e' },
  yellow: { fg: '#ca8a04', bg: '#fefce8', text: '#a16207' },
};

export const theme = {
  colors: {
    bg: '#f4f6fb',
    surface: '#ffffff',
    surfaceMuted: '#f8fafc',
    text: '#0f172a',
    muted: '#475569',
    subtle: '#64748b',
    border: '#e2e8f0',
    borderStrong: '#cbd5e1',
    primary: '#2563eb',
    primaryHover: '#1d4ed8',
    primaryDark: '#1e3a8a',
    primarySoft: '#eff6ff',
    danger: '#dc2626',
    dangerHover: '#b91c1c',
    dangerText: '#b91c1c',
    dangerSoft: '#fef2f2',
    success: '#15803d',
    focus: '#2563eb',
  },
  modules,
  radius: { sm: '10px', md: '14px', lg: '20px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(15, 23, 42, 0.04), 0 4px 16px rgba(15, 23, 42, 0.06)',
    raised: '0 2px 4px rgba(15, 23, 42, 0.06), 0 12px 28px rgba(15, 23, 42, 0.12)',
    header: '0 1px 0 rgba(15, 23, 42, 0.06)',
  },
  font: {
    family:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  },
  touch: '44px',
  maxWidth: '760px',
} as const;

export type AppTheme = typeof theme;

/** Unknown module colours fall back to blue (SEED-SPEC §3). */
export const paletteOf = (color: string): ModulePalette => modules[colorOrDefault(color)];
