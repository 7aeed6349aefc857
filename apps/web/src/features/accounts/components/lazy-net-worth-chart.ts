import { lazy } from 'react';

// Recharts lives in its own chunk (as the dashboard's charts do): fetched when a chart is drawn.
export const NetWorthChart = lazy(() => import('./net-worth-chart'));
