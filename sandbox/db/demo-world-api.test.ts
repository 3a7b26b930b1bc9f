import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CardCount, SiteCount, UnSignBackOrderCount } from '../../src/api/home';
import type { OwePaymentInfo } from '../../src/api/arrears';
import type { Page } from '../../src/api/http';
import type { WithdrawMode } from '../../src/api/income';
import type { SiteListPage } from '../../src/api/site';
import type { WithdrawListPage, Withdrawable } from '../../src/api/withdraw';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { demoFacts, heldFacts } from './demo-facts';
import { buildDemoRows } from './seed';

/**
 * The demo world's figures (demo-facts.ts, which demo-world.test.ts sweeps over a year of instants without a database)
 * are what the app's own calls answer on a database seeded at the same instant, for every demo account; and the
 * README's account rows name what the calls show (issue 13 item 9, issue 29). Two instants: one that many sandbox
 * test files share, and 02:00 on a day whose history began two days before a month's 1st (the instant at which the
 * world once owed SIM rent for ever).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(path.join(here, '../../README.md'), 'utf8');

/** The prose row of the README's account table for one phone. */
function row(phone: string): string {
  const line = readme.split('\n').find((l) => l.startsWith(`| ${phone} |`) && l.includes(' — '));
  if (!line) throw new Error(`README: no demo-account row for ${phone}`);
  return line;
}

const INSTANTS = ['2026-11-20T10:00:00+08:00', '2026-11-28T02:00:00+08:00'];

describe.each(INSTANTS)('the demo world at %s', (iso) => {
  const now = Date.parse(iso);
  const { sb } = openSandboxForFile(now);
  const { ctx } = buildDemoRows(now);

  it.each(Object.entries(DEMO_PHONES))('%s: the facts are what its calls answer', async (_, phone) => {
    const facts = demoFacts(ctx, phone, now);
    const sites = await sb.data<SiteCount>(phone, '/api/user/siteCount');
    expect([sites.siteCount, sites.boxCount, sites.offlineBoxCount, sites.socketCount]).toEqual([
      facts.sites,
      facts.boxes,
      facts.offlineBoxes,
      facts.sockets,
    ]);
    const cards = await sb.call<CardCount>(phone, '/api/card/cardCount');
    if (facts.cards === null) expect(cards.body.code).toBe(403);
    else expect(cards.body.data.total).toBe(facts.cards);

    const withdrawable = await sb.call<Withdrawable>(phone, '/api/user/isWithdrawable');
    if (facts.withdraw === 'no permission') {
      expect(withdrawable.body.code).toBe(403);
    } else {
      expect(withdrawable.body.data).toMatchObject(
        facts.withdraw === null
          ? { withdrawable: true, reasonCode: 0 }
          : { withdrawable: false, reasonCode: facts.withdraw.isWithdrawable, reason: facts.withdraw.message },
      );
      if (facts.owes !== null) expect(withdrawable.body.data.oweAmount).toBe(facts.owes);
    }

    if (facts.withdrawalsInProgress !== null) {
      const inProgress = async (status: string) => {
        let total = 0;
        for (const channel of [1, 2]) {
          const page = await sb.data<WithdrawListPage>(
            phone,
            `/api/user/withdrawList?pageNum=1&pageSize=20&channel=${channel}&status=${status}`,
          );
          total += page.total;
        }
        return total;
      };
      expect({ pending: await inProgress('1'), processing: await inProgress('2') }).toEqual(
        facts.withdrawalsInProgress,
      );
    }

    const workOrders = await sb.call<Page<unknown>>(
      phone,
      '/api/third/getPagedOrderListOfAnt?status=1&pageNum=1&pageSize=20',
    );
    if (facts.workOrders === null) {
      expect(workOrders.body.code).toBe(403);
    } else {
      const counts = facts.workOrders;
      for (const status of [1, 2, 3, 4, 5]) {
        const page = await sb.data<Page<unknown>>(
          phone,
          `/api/third/getPagedOrderListOfAnt?status=${status}&pageNum=1&pageSize=20`,
        );
        // the 施工中 tab lists 验收驳回 (6) with it
        const expected = (counts.get(status) ?? 0) + (status === 3 ? (counts.get(6) ?? 0) : 0);
        expect(page.total, `${phone}: work orders ${status}`).toBe(expected);
      }
    }
  });

  it('the held orders of the unsigned operators are what unSignBackOrderCount answers', async () => {
    for (const phone of [DEMO_PHONES.unsignedOperator, DEMO_PHONES.heldOperator]) {
      const held = heldFacts(ctx, phone, now);
      const answer = await sb.data<UnSignBackOrderCount>(phone, '/api/user/unSignBackOrderCount');
      expect([answer.chargeOrderCount, answer.rechargeOrderCount, answer.returnedCount]).toEqual([
        held.orders,
        held.recharges,
        held.returned,
      ]);
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

  it('the channels and the owed periods are as the rows say', async () => {
    const split = await sb.data<WithdrawMode>(DEMO_PHONES.splitOperator, '/api/user/getWithdrawMode');
    expect(row(DEMO_PHONES.splitOperator)).toContain('online-bank account');
    expect(split.channel).toBe(2);

    const phone = DEMO_PHONES.owingOperator;
    const text = row(phone);
    expect(text).toContain('platform wallet');
    expect((await sb.data<WithdrawMode>(phone, '/api/user/getWithdrawMode')).channel).toBe(1);
    const info = await sb.data<OwePaymentInfo>(phone, '/api/share/instalment/queryCommOweAmountPaymentInfo', {});
    expect(Number(/(\d+) platform-fee periods owed/.exec(text)?.[1])).toBe(info.periods.length);
    const each = /¥([\d.]+) each/.exec(text)?.[1];
    for (const p of info.periods) expect((p.oweAmount / 100).toFixed(2)).toBe(each);
  });
});
