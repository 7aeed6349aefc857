import { lazy } from 'react';

// Recharts lives only in these chunks: the landing and login pages never download it, and
// the signed-in app fetches it when the Dashboard tab first draws a chart.
export const ExpensePieChart = lazy(() => import('./expense-pie-chart'));
export const TrendLineChart = lazy(() => import('./trend-line-chart'));
