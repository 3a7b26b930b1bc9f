import { describe, expect, it } from 'vitest';
import { rows, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * A rider's licence plates by phone (GET /api/card/getLicenseNumber, issue 31 fault 6) are seen only by an account that
 * may see one of the rider's cards, as cardUserList and cardListByUserId (cardScope): the operator for its own riders,
 * a limited sub-account for the riders of its sites; another operator's rider, or a rider without a card, is [].
 * The phones come from the demo world, not from constants.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'subAccount']);

/** Phones of riders with plates, each with the merchants and sites of their live cards. */
async function ridersWithPlates(): Promise<{ phone: string; merchants: number[]; sites: number[] }[]> {
  const list = await rows<{ phone: string; merchants: string[] | null; sites: string[] | null }>(
    sb.db,
    `select u.phone,
       array(select distinct c.merchant_id from card c where (c.user_id = u.id or c.phone = u.phone) and c.status <> 4)
         as merchants,
       array(select distinct cs.site_id from card c join card_site cs on cs.card_id = c.id
             where (c.user_id = u.id or c.phone = u.phone) and c.status <> 4) as sites
     from rider_user u where exists (select 1 from rider_license l where l.user_id = u.id) order by u.id`,
  );
  return list.map((r) => ({
    phone: r.phone,
    merchants: (r.merchants ?? []).map(Number),
    sites: (r.sites ?? []).map(Number),
  }));
}

describe('licence plates by phone', () => {
  it('are the caller’s riders’ only: the operator’s, a sub-account’s sites’, never another operator’s', async () => {
    const operatorId = Number(await scalar(sb.db, 'select id from account where phone = $1', [DEMO_PHONES.operator]));
    const riders = await ridersWithPlates();
    const own = riders.find((r) => r.merchants.includes(operatorId) && r.sites.some((s) => s === 1 || s === 2));
    const ownElsewhere = riders.find((r) => r.merchants.includes(operatorId) && r.sites.every((s) => s > 2));
    const stranger = riders.find((r) => !r.merchants.includes(operatorId));
    expect(own && ownElsewhere && stranger, 'the demo world has the three kinds of rider').toBeTruthy();
    if (!own || !ownElsewhere || !stranger) return;
    const plates = async (token: string, phone: string) => {
      const res = await sb.get('/api/card/getLicenseNumber', token, { phone });
      expect(res.body.code).toBe(0);
      return (res.body.data as { licenseNumber: string }[]).map((l) => l.licenseNumber);
    };
    expect(await plates(tokens.operator, own.phone)).not.toEqual([]);
    expect(await plates(tokens.operator, ownElsewhere.phone)).not.toEqual([]);
    expect(await plates(tokens.operator, stranger.phone)).toEqual([]);
    // the sub-account limited to sites 1 and 2
    expect(await plates(tokens.subAccount, own.phone)).toEqual(await plates(tokens.operator, own.phone));
    expect(await plates(tokens.subAccount, ownElsewhere.phone)).toEqual([]);
    expect(await plates(tokens.subAccount, stranger.phone)).toEqual([]);
  });
});
