import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../lib/time';
import { DEMO_PHONES } from '../testing';
import { demoFacts, factCells, FACT_COLUMNS, heldFacts } from './demo-facts';
import { buildDemoRows } from './seed';

/**
 * The README's demo table holds at every instant (issue 29): the demo world is built in memory (buildDemoRows, the
 * seed without its database) at instants over a whole year — every day of the month, the 1st, the 2nd, the 28th to
 * the 31st and 29 February at each scheduled job's hour in Asia/Shanghai (00:00, 02:00, 02:30, 03:00, 08:00, 10:00)
 * and a minute either side — and each account's figures (demo-facts.ts) must be what the table writes.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(path.join(here, '../../README.md'), 'utf8');

/** The cells of the README's facts table for one phone, by column. */
function tableRow(phone: string): Record<string, string> {
  const header = readme.split('\n').find((l) => l.startsWith('| phone ') && l.includes('| may withdraw '));
  const line = readme
    .split('\n')
    .filter((l) => l.startsWith(`| ${phone} |`))
    .find((l) => l.split('|').length === (header?.split('|').length ?? 0));
  if (!header || !line) throw new Error(`README: no facts row for ${phone}`);
  const cells = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  const names = cells(header);
  return Object.fromEntries(cells(line).map((c, i) => [names[i] ?? '', c]));
}

/** The prose row of the README's account table for one phone. */
function proseRow(phone: string): string {
  const line = readme.split('\n').find((l) => l.startsWith(`| ${phone} |`) && l.includes(' — '));
  if (!line) throw new Error(`README: no account row for ${phone}`);
  return line;
}

/** The number the text writes before `label` ("20 orders held" → 20), or NaN. */
function countBefore(text: string, label: string): number {
  return Number(new RegExp(`(\\d+) ${label}`).exec(text)?.[1]);
}

/** The scheduled jobs' times (entities.md R10), minutes after 00:00 Asia/Shanghai. */
const JOB_MINUTES = [0, 120, 150, 180, 480, 600];
/** Each job's time and a minute either side (−1: 23:59 of the day before). */
const TIMES = JOB_MINUTES.flatMap((m) => [m - 1, m, m + 1]);

/** One instant of the sweep: a day of Asia/Shanghai and minutes from its midnight. */
interface Instant {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  minutes: number;
  /** Epoch ms. */
  at: number;
}

function instant(year: number, month: number, day: number, minutes: number): Instant {
  return { year, month, day, minutes, at: Date.UTC(year, month - 1, day, 0, minutes) - 8 * 3600_000 };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The instants of the sweep, around the leap year 2028: the 1st at each of the 18 times (in 18 different months); the
 * 2nd, 28th, 29th, 30th and 31st and 29 February each at every job's hour (the minute before, at or after it, in turn;
 * each in a month that has that day); and every other day of the month once, the time of day and the month going
 * round. 78 instants.
 */
function sweepInstants(): Instant[] {
  const out: Instant[] = [];
  const monthAt = (k: number) => ({ year: 2027 + Math.floor((k + 11) / 12), month: ((k + 11) % 12) + 1 });
  TIMES.forEach((minutes, k) => {
    const { year, month } = monthAt(k);
    out.push(instant(year, month, 1, minutes));
  });
  let k = 0;
  for (const day of [2, 28, 29, 30, 31]) {
    JOB_MINUTES.forEach((minutes, j) => {
      let { year, month } = monthAt(k++);
      while (daysIn(year, month) < day) ({ year, month } = monthAt(k++));
      out.push(instant(year, month, day, minutes + (j % 3) - 1));
    });
  }
  JOB_MINUTES.forEach((minutes, j) => out.push(instant(2028, 2, 29, minutes + ((j + 1) % 3) - 1)));
  for (let day = 3; day <= 27; day++) {
    const { year, month } = monthAt(day);
    out.push(instant(year, month, day, TIMES[day % TIMES.length] ?? 0));
  }
  return out;
}

const INSTANTS = sweepInstants();

describe('the demo world at every instant (README "Demo accounts")', () => {
  it('sweeps every day of the month, 29 February, each job hour and a minute either side, over a year', () => {
    expect(new Set(INSTANTS.map((p) => p.day)).size).toBe(31);
    expect(new Set(INSTANTS.map((p) => p.month)).size).toBe(12);
    expect(INSTANTS.some((p) => p.month === 2 && p.day === 29)).toBe(true);
    for (const minutes of TIMES)
      expect(
        INSTANTS.some((p) => p.day === 1 && p.minutes === minutes),
        `${minutes}`,
      ).toBe(true);
    for (const minutes of JOB_MINUTES) {
      for (const day of [2, 28, 29, 30, 31]) {
        const near = INSTANTS.some((p) => p.day === day && Math.abs(p.minutes - minutes) <= 1);
        expect(near, `day ${day} at ${minutes}`).toBe(true);
      }
    }
    const span = Math.max(...INSTANTS.map((p) => p.at)) - Math.min(...INSTANTS.map((p) => p.at));
    expect(span).toBeGreaterThan(365 * DAY_MS);
  });

  it.each(INSTANTS.map((p) => [`${new Date(p.at + 8 * 3600_000).toISOString().slice(0, 16)}+08:00`, p.at] as const))(
    'at %s every account is as the table says',
    (_, now) => {
      const { ctx } = buildDemoRows(now);
      for (const phone of Object.values(DEMO_PHONES)) {
        const cells = factCells(demoFacts(ctx, phone, now));
        const written = tableRow(phone);
        for (const column of FACT_COLUMNS) expect(cells[column], `${phone}: ${column}`).toBe(written[column]);
      }
      // the held orders of the unsigned operators, as their rows write them
      const unsigned = heldFacts(ctx, DEMO_PHONES.unsignedOperator, now);
      expect([unsigned.orders + unsigned.recharges, unsigned.returned]).toEqual([
        countBefore(proseRow(DEMO_PHONES.unsignedOperator), 'orders held'),
        countBefore(proseRow(DEMO_PHONES.unsignedOperator), 'already returned'),
      ]);
      const held = heldFacts(ctx, DEMO_PHONES.heldOperator, now);
      const prose = proseRow(DEMO_PHONES.heldOperator);
      expect([held.orders, held.recharges, held.returned]).toEqual([
        countBefore(prose, 'orders and'),
        countBefore(prose, 'recharges held'),
        countBefore(prose, 'order returned'),
      ]);
    },
  );
});
