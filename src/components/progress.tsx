import { ProgressBar } from 'antd-mobile';

/**
 * antd-mobile's ProgressBar with what a screen reader needs (issue 15: charts and figures have accessible names):
 * the bar is a `progressbar` named `label` with its value in per cent (antd-mobile's own bar is a bare div, on which
 * an aria-label is not allowed). `percent` 0–100.
 */
export function Progress({ percent, label }: { percent: number; label: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <ProgressBar percent={value} />
    </div>
  );
}
