/**
 * The accessible name of a chart (issue 15 item 3: charts are named in Chinese and read their figures with the unit).
 * The plot is a canvas, which a screen reader cannot read: the name says what it shows, the span of its x labels, its
 * highest and lowest points and the point the user selected, each point read by the caller's `describe` (its x label
 * and value with the unit, e.g. "11-20 ¥123.00", "10:40 356W"). Pure, no I/O.
 */

/** A point of a chart: its x label ('MM-DD', 'YYYY-MM', 'HH:mm' …) and its value in the chart's unit (e.g. fen, W). */
export interface LabelledPoint {
  label: string;
  value: number;
}

/**
 * The name of a chart titled `title` over `points`, e.g. "收入趋势（近7天），11-18至11-24，最高 11-20 ¥123.00，最低 11-18
 * ¥0.00；已选 11-22 ¥56.00". No points: "…，暂无数据"; one point: that point; all values equal: "各项相同" with the first.
 * `selected`: the point whose tooltip shows, read last.
 */
export function chartLabel<P extends LabelledPoint>(
  title: string,
  points: readonly P[],
  describe: (point: P) => string,
  selected?: P,
): string {
  const first = points[0];
  const last = points[points.length - 1];
  let body: string;
  if (!first || !last) body = '暂无数据';
  else if (points.length === 1) body = describe(first);
  else {
    let max = first;
    let min = first;
    for (const p of points) {
      if (p.value > max.value) max = p;
      if (p.value < min.value) min = p;
    }
    const span = `${first.label}至${last.label}`;
    body =
      max.value === min.value
        ? `${span}，各项相同（${describe(first)}）`
        : `${span}，最高 ${describe(max)}，最低 ${describe(min)}`;
  }
  const name = `${title}，${body}`;
  return selected ? `${name}；已选 ${describe(selected)}` : name;
}
