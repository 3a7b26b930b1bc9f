import { describe, expect, it } from 'vitest';
import { chartLabel } from './chart-label';

/** The accessible names of the charts (issue 15 item 3): what a screen reader says for the canvas. */
describe('chartLabel', () => {
  const watts = (p: { label: string; value: number }) => `${p.label} ${p.value}W`;
  const points = [
    { label: '10:00', value: 120 },
    { label: '10:10', value: 356 },
    { label: '10:20', value: 80 },
    { label: '10:30', value: 200 },
  ];

  it('names the title, the span of x labels, and the highest and lowest points with their unit', () => {
    expect(chartLabel('功率曲线', points, watts)).toBe('功率曲线，10:00至10:30，最高 10:10 356W，最低 10:20 80W');
  });

  it('reads the selected point last', () => {
    expect(chartLabel('功率曲线', points, watts, points[3])).toBe(
      '功率曲线，10:00至10:30，最高 10:10 356W，最低 10:20 80W；已选 10:30 200W',
    );
  });

  it('says so when there are no points, reads a single point, and a flat series once', () => {
    expect(chartLabel('功率曲线', [], watts)).toBe('功率曲线，暂无数据');
    expect(chartLabel('功率曲线', [{ label: '10:00', value: 5 }], watts)).toBe('功率曲线，10:00 5W');
    expect(
      chartLabel(
        '收入趋势（近7天）',
        [
          { label: '11-18', value: 0 },
          { label: '11-19', value: 0 },
        ],
        (p) => `${p.label} ¥${(p.value / 100).toFixed(2)}`,
      ),
    ).toBe('收入趋势（近7天），11-18至11-19，各项相同（11-18 ¥0.00）');
  });

  it('takes the first of equal highs and lows', () => {
    const twin = [
      { label: '01', value: 9 },
      { label: '02', value: 1 },
      { label: '03', value: 9 },
      { label: '04', value: 1 },
    ];
    expect(chartLabel('月度收入', twin, (p) => `${p.label}月 ${p.value}元`)).toBe(
      '月度收入，01至04，最高 01月 9元，最低 02月 1元',
    );
  });
});
