import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr-matrix';

/**
 * The QR codes (level M, byte mode, through qrcode-generator). The expected matrix of "hi" was checked by decoding a
 * rendered image with zbarimg (zbar-tools).
 */

const rows = (text: string) => (qrMatrix(text) ?? []).map((r) => r.map((c) => (c ? '#' : '.')).join(''));

describe('qrMatrix', () => {
  it('encodes "hi" as the decodable version-1 symbol', () => {
    expect(rows('hi')).toEqual([
      '#######..####.#######',
      '#.....#..##.#.#.....#',
      '#.###.#.##.##.#.###.#',
      '#.###.#.##..#.#.###.#',
      '#.###.#.#..##.#.###.#',
      '#.....#.##..#.#.....#',
      '#######.#.#.#.#######',
      '........#.###........',
      '#.#####.....#.#####..',
      '.###.#.#..#.#..#....#',
      '..##..##.#.#.#..####.',
      '###.#....#.....##.#..',
      '###.#.#....#.#..#.#.#',
      '........#..####..#..#',
      '#######...#.#.##...#.',
      '#.....#.#######..#..#',
      '#.###.#.#...#..#..#..',
      '#.###.#.###.#..#..#..',
      '#.###.#.#..#.#..###..',
      '#.....#..##....##.#..',
      '#######.#.##.#..####.',
    ]);
  });

  it('picks the smallest version that holds the bytes (URLs of the platform fit version 4)', () => {
    expect(qrMatrix('https://qr.sandbox.yichong.local/q/YCB000880101')).toHaveLength(33);
    expect(qrMatrix('https://qr.sandbox.yichong.local/c/86123450011591-12')).toHaveLength(33);
    expect(qrMatrix('x'.repeat(150))).toHaveLength(49);
    expect(qrMatrix('x'.repeat(213))).toHaveLength(57);
    expect(qrMatrix('x'.repeat(214))).toBeNull();
  });

  it('draws the three finder patterns and the timing lines', () => {
    const m = rows('https://qr.sandbox.yichong.local/q/YCQ000100301');
    const size = m.length;
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      expect(m[y]?.slice(x, x + 7)).toBe('#######');
      expect(m[y + 2]?.slice(x, x + 7)).toBe('#.###.#');
      expect(m[y + 6]?.slice(x, x + 7)).toBe('#######');
    }
    expect(m[6]?.slice(8, size - 8)).toMatch(/^(#\.)+#$/);
  });
});
