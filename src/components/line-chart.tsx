import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartLabel } from '@/lib/chart-label';
import styles from './line-chart.module.css';

/**
 * A chart for phones (the income trends of /income and the site section, a socket's power curve): one series of
 * values with text labels on x, drawn as a line or as bars (a site's income per month, B-site.md §5); tapping (or
 * hovering) a point shows its tooltip above the plot. Drawn with uPlot (canvas) in the lib-chart chunk: import it
 * through React.lazy so that only the screens with a chart load it. The plot is an image to assistive technology
 * (role="img"), named by its title and figures (src/lib/chart-label.ts, issue 15 item 3).
 */

/** One point: its x label ('MM-DD', 'YYYY-MM', 'HH:mm' ...) and its value (in the chart's unit, e.g. fen). */
export interface ChartPoint {
  label: string;
  value: number;
}

/** Chart height in CSS px. */
const HEIGHT = 180;

/**
 * A colour of the theme (the :root variables of the global stylesheet, chosen for contrast, issue 15), read when a
 * chart is drawn: the canvas uses the same colours as the page. `fallback` where no stylesheet is loaded (unit tests).
 */
function themeColor(name: '--brand' | '--text-secondary', fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

const AXIS_FONT = '11px -apple-system, BlinkMacSystemFont, "PingFang SC", sans-serif';

/** A y tick: 1.5万 from ten thousand up, else the number without trailing zeros. */
function yTick(value: number): string {
  if (Math.abs(value) >= 10_000) return `${Number((value / 10_000).toFixed(1))}万`;
  return String(Number(value.toFixed(2)));
}

/**
 * The y range: from 0 (or below, for negative values such as a day whose refunds exceed its income) to a little above
 * the top value; 100 for an all-zero series (a flat line at the bottom).
 */
function yRange(_u: uPlot, min: number, max: number): uPlot.Range.MinMax {
  const top = max > 0 ? max * 1.15 : 100;
  return [min < 0 ? min * 1.15 : 0, top];
}

interface Selected {
  idx: number;
  /** CSS px from the chart box's left / top edge. */
  left: number;
  top: number;
  /** How the tooltip hangs from the point, so that it stays inside the card. */
  align: 'start' | 'center' | 'end';
  /** Below the point when the point is near the top. */
  below: boolean;
}

const SHIFT_X: Record<Selected['align'], string> = { start: '-12px', center: '-50%', end: 'calc(-100% + 12px)' };

/** uPlot's bar path builder: bars 60 % of a slot wide, at most 28 px, centred on their label. */
const barPaths = uPlot.paths.bars?.({ size: [0.6, 28], align: 0 });

/**
 * The chart of one series, re-created when the series changes (key it by what the series shows, so that a new one
 * starts without a tooltip). Values are divided by `divisor` for the y axis (100 = fen drawn in 元). `variant` 'bar'
 * draws a bar per point instead of a line. The plot's accessible name is `title` with the span, the highest and the
 * lowest point and the selected one, each read by `describe` (by default the tooltip): e.g. "功率曲线，10:00至10:30，
 * 最高 10:10 356W，最低 10:20 80W".
 */
export default function LineChart<P extends ChartPoint>({
  points,
  title,
  tooltip,
  describe,
  divisor = 1,
  height = HEIGHT,
  variant = 'line',
  testId,
  onSelect,
}: {
  points: readonly P[];
  /** What the chart shows, in the screen's words ("功率曲线", "收入趋势（近7天）"): the start of its accessible name. */
  title: string;
  /** Tooltip text of a point. */
  tooltip: (point: P) => string;
  /** A point as the accessible name reads it: its x label and value with the unit (default: the tooltip). */
  describe?: (point: P) => string;
  divisor?: number;
  /** Plot height in CSS px (default 180). */
  height?: number;
  /** 'line' (default) or 'bar'. */
  variant?: 'line' | 'bar';
  testId?: string;
  /** Called with the point a tap selects (not on hover): e.g. the statement's bar chooses its month. */
  onSelect?: (point: P, index: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);
  const [selected, setSelected] = useState<Selected | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = points.map((_, i) => i);
    const ys = points.map((p) => p.value / divisor);
    const labels = points.map((p) => p.label);
    const monthly = (labels[0]?.length ?? 0) > 5;
    const bars = variant === 'bar';

    const select = (u: uPlot, idx: number | null | undefined) => {
      if (idx === null || idx === undefined || idx < 0 || idx >= ys.length) return;
      const left = u.over.offsetLeft + u.valToPos(idx, 'x');
      const top = u.over.offsetTop + u.valToPos(ys[idx] ?? 0, 'y');
      const width = el.clientWidth || u.width;
      setSelected({
        idx,
        left,
        top,
        align: left < width / 3 ? 'start' : left > (width * 2) / 3 ? 'end' : 'center',
        below: top < 40,
      });
    };

    const BRAND = themeColor('--brand', '#1263dc');
    const AXIS = themeColor('--text-secondary', '#646a73');
    const opts: uPlot.Options = {
      width: el.clientWidth || 343,
      height,
      padding: [12, 20, 0, 0],
      legend: { show: false },
      cursor: {
        x: false,
        y: false,
        drag: { x: false, y: false, setScale: false },
        points: { size: 9, width: 2, fill: '#fff', stroke: BRAND },
        // Keep the last tapped point when the pointer leaves (a phone has no hover).
        bind: { mouseleave: () => () => null },
      },
      // Bars need half a slot of room on each side of the first and last one.
      scales: {
        x: bars ? { time: false, range: () => [-0.5, Math.max(points.length - 0.5, 0.5)] } : { time: false },
        y: { range: yRange },
      },
      axes: [
        {
          stroke: AXIS,
          font: AXIS_FONT,
          size: 26,
          space: monthly ? 56 : 40,
          incrs: [1, 2, 3, 5, 7, 10, 15],
          grid: { show: false },
          ticks: { show: false },
          values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
        },
        {
          stroke: AXIS,
          font: AXIS_FONT,
          size: 44,
          space: 32,
          grid: { stroke: '#f0f0f0', width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map(yTick),
        },
      ],
      series: [
        {},
        bars
          ? { stroke: BRAND, width: 0, fill: BRAND, paths: barPaths, points: { show: false } }
          : {
              stroke: BRAND,
              width: 2,
              fill: 'rgba(22, 119, 255, 0.08)',
              points: { show: points.length <= 12, size: 5, fill: BRAND },
            },
      ],
      hooks: { setCursor: [(u) => select(u, u.cursor.idx)] },
    };
    const plot = new uPlot(opts, [xs, ys], el);
    // A tap (click) anywhere in the plot snaps to the nearest point, whatever mouse events the webview synthesised.
    const onTap = (e: MouseEvent) => {
      const idx = plot.posToIdx(e.offsetX);
      const y = ys[idx];
      if (y === undefined) return;
      plot.setCursor({ left: plot.valToPos(idx, 'x'), top: plot.valToPos(y, 'y') });
      select(plot, idx);
      const point = points[idx];
      if (point) onSelectRef.current?.(point, idx);
    };
    plot.over.addEventListener('click', onTap);
    const onResize = () => plot.setSize({ width: el.clientWidth, height });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      plot.over.removeEventListener('click', onTap);
      plot.destroy();
      setSelected(null);
    };
  }, [points, divisor, height, variant]);

  const point = selected ? points[selected.idx] : undefined;
  return (
    <div className={styles.chart}>
      <div
        ref={box}
        className={styles.plot}
        style={{ height }}
        role="img"
        aria-label={chartLabel(title, points, describe ?? tooltip, point)}
        data-testid={testId}
      />
      {selected && point && (
        <div
          className={styles.tip}
          style={{
            left: selected.left,
            top: selected.top,
            transform: `translate(${SHIFT_X[selected.align]}, ${selected.below ? '10px' : 'calc(-100% - 8px)'})`,
          }}
          role="status"
        >
          {tooltip(point)}
        </div>
      )}
    </div>
  );
}
