import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CardCount, SiteCount, UnSignBackOrderCount } from '../../src/api/home';
import type { OwePaymentInfo } from '../../src/api/arrears';
import type { CommOweAmount, WithdrawMode } from '../../src/api/income';
import type { SiteListPage } from '../../src/api/site';
import type { Withdrawable } from '../../src/api/withdraw';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * The README's demo-account table (issue 13 item 9: it states what each account really shows) against a fresh
 * sandbox: the counts each row gives are the ones the app's own calls answer for that account. Real time: the seed
 * is built around it, as `npm start` builds it.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(path.join(here, '../../README.md'), 'utf8');
const { sb } = openSandboxForFile(Date.now(), []);

/** The README table's text for one phone. */
function row(phone: string): string {
  const line = readme.split('\n').find((l) => l.startsWith(`| ${phone} |`));
  if (!line) throw new Error(`README: no demo-account row for ${phone}`);
  return line;
}

/** The number the row writes before `label` (e.g. "6 sites"), or undefined when it writes none. */
function countBefore(text: string, label: string): number | undefined {
  const match = new RegExp(`(\\d[\\d,]*) ${label}`).exec(text);
  return match ? Number(match[1]?.replace(/,/g, '')) : undefined;
}

describe('README demo accounts', () => {
  it('each row with counts states the sites, boxes, sockets and cards its account sees', async () => {
    for (const phone of Object.values(DEMO_PHONES)) {
      const text = row(phone);
      const sites = await sb.data<SiteCount>(phone, '/api/user/siteCount');
      const expected: [string, number][] = [
        ['sites?', sites.siteCount],
        ['boxes', sites.boxCount],
        ['sockets', sites.socketCount],
      ];
      const offline = /\((\d+) offline\)/.exec(text);
      if (offline) expect(Number(offline[1]), phone).toBe(sites.offlineBoxCount);
      const cards = countBefore(text, '(?:rider )?cards');
      if (cards !== undefined)
        expect(cards, phone).toBe((await sb.data<CardCount>(phone, '/api/card/cardCount')).total);
      if (/no cards/.test(text)) expect((await sb.data<CardCount>(phone, '/api/card/cardCount')).total, phone).toBe(0);
      for (const [label, value] of expected) {
        const written = countBefore(text, label);
        if (written !== undefined) expect(written, `${phone}: ${label}`).toBe(value);
      }
      if (/no sites/.test(text)) expect(sites.siteCount, phone).toBe(0);
    }
  });

  it("the agent's row names the operator's site it sees read-only (a share-only row of its list)", async () => {
    const list = await sb.data<SiteListPage>(DEMO_PHONES.agent, '/api/r9/site/siteList', {
      pageNum: 1,
      pageSize: 20,
      sort: 1,
    });
    const shared = list.list.filter((r) => r.shareOnly);
    expect(shared.length).toBeGreaterThan(0);
    for (const site of shared) expect(row(DEMO_PHONES.agent)).toContain(`read-only, the operator's site ${site.name}`);
  });

  it('the channel, the held orders and the arrears are as the rows say', async () => {
    const split = await sb.data<WithdrawMode>(DEMO_PHONES.splitOperator, '/api/user/getWithdrawMode');
    expect(row(DEMO_PHONES.splitOperator)).toContain('online-bank account');
    expect(split.channel).toBe(2);
    // A platform-fee period owed (status 3 欠费), as the row says.
    const comm = await sb.data<CommOweAmount>(DEMO_PHONES.splitOperator, '/api/share/instalment/queryCommOweAmount');
    expect(row(DEMO_PHONES.splitOperator)).toContain('platform-fee period owed');
    expect(comm.owePeriodCount).toBeGreaterThan(0);

    const held = await sb.data<UnSignBackOrderCount>(DEMO_PHONES.unsignedOperator, '/api/user/unSignBackOrderCount');
    const text = row(DEMO_PHONES.unsignedOperator);
    expect(countBefore(text, 'orders held')).toBe(held.total);
    expect(countBefore(text, 'already returned')).toBe(held.returnedCount);
  });

  it('the owing operator is on the platform wallet, owes the periods the row says and cannot withdraw', async () => {
    const phone = DEMO_PHONES.owingOperator;
    const text = row(phone);
    expect(text).toContain('platform wallet');
    expect((await sb.data<WithdrawMode>(phone, '/api/user/getWithdrawMode')).channel).toBe(1);
    const info = await sb.data<OwePaymentInfo>(phone, '/api/share/instalment/queryCommOweAmountPaymentInfo', {});
    expect(countBefore(text, 'platform-fee periods owed')).toBe(info.periods.length);
    const each = /¥([\d.]+) each/.exec(text)?.[1];
    for (const p of info.periods) expect((p.oweAmount / 100).toFixed(2)).toBe(each);
    const block = await sb.data<Withdrawable>(phone, '/api/user/isWithdrawable');
    expect(text).toContain('withdrawals blocked until paid');
    expect([block.withdrawable, block.reasonCode]).toEqual([false, 5]);
  });
});
