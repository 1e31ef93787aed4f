import { lazy } from 'react';

// The chart library loads with the first chart shown (decision 0007): one chunk for all of them, shared by the
// features that draw figures (analytics, AI analytics).
const charts = () => import('./charts.tsx');
export const ColumnChart = lazy(() => charts().then((m) => ({ default: m.ColumnChart })));
export const RowChart = lazy(() => charts().then((m) => ({ default: m.RowChart })));
export const HeatGrid = lazy(() => charts().then((m) => ({ default: m.HeatGrid })));
export const AreaChart = lazy(() => charts().then((m) => ({ default: m.AreaChart })));
