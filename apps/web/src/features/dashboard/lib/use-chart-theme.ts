import { useTheme } from '../../theme/theme-context';

export interface ChartTheme {
  axis: string;
  grid: string;
  text: string;
  tooltipBg: string;
  tooltipBorder: string;
  /** Separates pie slices: the card's own background. */
  sliceStroke: string;
  income: string;
  expense: string;
  balance: string;
}

// Tailwind's slate/green/red/indigo: 600-700 shades on white, 300-400 shades on slate-900.
const LIGHT: ChartTheme = {
  axis: '#475569',
  grid: '#e2e8f0',
  text: '#0f172a',
  tooltipBg: '#ffffff',
  tooltipBorder: '#cbd5e1',
  sliceStroke: '#ffffff',
  income: '#16a34a',
  expense: '#dc2626',
  balance: '#4f46e5',
};

const DARK: ChartTheme = {
  axis: '#94a3b8',
  grid: '#334155',
  text: '#f1f5f9',
  tooltipBg: '#1e293b',
  tooltipBorder: '#475569',
  sliceStroke: '#0f172a',
  income: '#4ade80',
  expense: '#f87171',
  balance: '#818cf8',
};

/** Chart colours that stay readable on the current theme's card background. */
export function useChartTheme(): ChartTheme {
  const { theme } = useTheme();
  return theme === 'dark' ? DARK : LIGHT;
}
