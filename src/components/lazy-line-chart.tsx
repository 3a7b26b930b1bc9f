import { lazy } from 'react';
import type LineChartComponent from './line-chart';

export type { ChartPoint } from './line-chart';

/**
 * The line chart (line-chart.tsx), loaded on first render: only screens that show a chart fetch uPlot (lib-chart).
 * Render it inside <Suspense>.
 */
export const LazyLineChart = lazy(() => import('./line-chart')) as unknown as typeof LineChartComponent;
