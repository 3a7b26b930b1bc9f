import { describe, expect, it } from 'vitest';
import { openSandboxForFile } from '../testing';
import { bankMark, photoCaption } from './demo-images';

/**
 * The demo world's images (issue 13 item 7, sandbox/pages/demo-images.ts): every demo merchant has a logo of its own
 * that draws its initial, partners and banks their mark, photos what they show — and no image the demo data refers to
 * is the old stand-in that wrote the file name on a coloured square.
 */

const { sb } = openSandboxForFile(Date.parse('2026-11-20T20:00:00+08:00'));

/** An image address of the demo data. */
const IMAGE_URL = /\/__sandbox\/static\/[\w./-]+\.(?:png|jpe?g|gif|webp|svg)/g;

/** Every distinct image address found in any row of any table of the seeded database. */
async function imageUrlsOfTheDemoWorld(): Promise<string[]> {
  const tables = await sb.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found = new Set<string>();
  for (const { name } of tables.rows) {
    const hits = await sb.db.query<{ row: string }>(
      `select row_to_json(t)::text as row from "${name}" t where row_to_json(t)::text like '%/__sandbox/static/%'`,
    );
    for (const { row } of hits.rows) for (const url of row.match(IMAGE_URL) ?? []) found.add(url);
  }
  return [...found].sort();
}

/** The text an SVG draws (its <text> elements). */
function drawnText(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
}

async function fetchSvg(url: string): Promise<string> {
  const answer = await sb.app.request(url);
  expect(answer.status, url).toBe(200);
  expect(answer.headers.get('content-type'), url).toBe('image/svg+xml');
  return answer.text();
}

describe('demo images', () => {
  it('gives every demo merchant a logo of its own, drawing its initial', async () => {
    const accounts = await sb.db.query<{ id: number; name: string; logo: string }>(
      `select id, coalesce(nullif(short_name, ''), name) as name, logo from account order by id`,
    );
    expect(accounts.rows.length).toBeGreaterThanOrEqual(11);
    const logos = accounts.rows.map((a) => a.logo);
    expect(new Set(logos).size, 'one logo file per account').toBe(logos.length);
    for (const account of accounts.rows) {
      expect(account.logo, account.name).toMatch(/^\/__sandbox\/static\/logo-[\w-]+\.png$/);
      expect(drawnText(await fetchSvg(account.logo)), account.name).toEqual([Array.from(account.name)[0]]);
    }
  });

  it("draws an open-platform partner's initial and a bank's mark", async () => {
    const partners = await sb.db.query<{ name: string; logo: string }>('select name, logo from open_partner');
    expect(partners.rows.length).toBeGreaterThan(0);
    for (const p of partners.rows) expect(drawnText(await fetchSvg(p.logo))).toEqual([Array.from(p.name)[0]]);
    const banks = await sb.db.query<{ code: string; logo: string }>(
      'select bank_code as code, bank_logo as logo from bank order by sort',
    );
    const marks = Object.fromEntries(
      await Promise.all(banks.rows.map(async (b) => [b.code, drawnText(await fetchSvg(b.logo)).join('')] as const)),
    );
    expect(marks).toMatchObject({ ICBC: '工', BOC: '中', CCB: '建', CMB: '招', PSBC: '邮', MYBANK: '网' });
    expect(['中国银行', '中国工商银行', '招商银行', '中国邮政储蓄银行'].map(bankMark)).toEqual([
      '中',
      '工',
      '招',
      '邮',
    ]);
  });

  it('names what a photo shows in Chinese', () => {
    expect(photoCaption('idfront-10001.jpg')).toBe('身份证人像面');
    expect(photoCaption('workorder-3-1.jpg')).toBe('施工照片');
    expect(photoCaption('poster-2-thumb.jpg')).toBe('推广海报');
    expect(photoCaption('unknown.png')).toBe('示例图片');
  });

  it('serves no image of the demo data as a file name drawn on a square', async () => {
    const urls = await imageUrlsOfTheDemoWorld();
    // logos, bank logos, partner logos, ID and licence photos, posters, work-order photos, camera covers …
    expect(urls.length).toBeGreaterThan(30);
    for (const url of urls) {
      const answer = await sb.app.request(url);
      expect(answer.status, url).toBe(200);
      const type = answer.headers.get('content-type') ?? '';
      expect(type, url).toMatch(/^image\//);
      if (type !== 'image/svg+xml') continue;
      const texts = drawnText(await answer.text());
      const stem = url.replace(/^.*\//, '').replace(/\.\w+$/, '');
      for (const text of texts) {
        expect(text, url).not.toContain(stem);
        expect(text, `${url}: no Latin words drawn`).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
  });
});
