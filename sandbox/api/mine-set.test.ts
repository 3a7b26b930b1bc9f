import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { HelpArticle, HelpRow, MerchantCheck } from '../../src/api/mine-set';
import type { CommercialInfo } from '../../src/api/user';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { scalar } from '../lib/db';

/**
 * The settings centre (C-mine.md /mine/set) through the sandbox app: the missing merchant fields agree with /mine's
 * infoComplete and go away when saved, each field's rule refuses with its text and writes nothing, the help centre
 * lists and opens articles, and logout unbinds the platform user.
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const { operator: OPERATOR, agent: AGENT } = DEMO_PHONES;
const { sb } = openSandboxForFile(NOW);

describe('merchant profile', () => {
  it('lists the missing fields as getCommercialInfo.infoComplete says, and saving one field clears it', async () => {
    await sb.db.query(`update account set email = null, contacts = '' where phone = $1`, [AGENT]);
    const check = await sb.data<MerchantCheck>(AGENT, '/api/user/checkoutMerchantInfo');
    expect(check).toEqual({ complete: false, missingFields: ['contacts', 'email'] });
    expect((await sb.data<CommercialInfo>(AGENT, '/api/user/getCommercialInfo')).infoComplete).toBe(false);

    expect(await sb.data(AGENT, '/api/user/replenishMerchantInfo', { email: 'zhangwei@xixi.cn' })).toBeNull();
    expect(await sb.data(AGENT, '/api/user/replenishMerchantInfo', { contacts: ' 张伟 ' })).toBeNull();
    expect(await sb.data<MerchantCheck>(AGENT, '/api/user/checkoutMerchantInfo')).toEqual({
      complete: true,
      missingFields: [],
    });
    const info = await sb.data<CommercialInfo>(AGENT, '/api/user/getCommercialInfo');
    expect(info).toMatchObject({ infoComplete: true, email: 'zhangwei@xixi.cn', contacts: '张伟' });
  });

  it('refuses each field by its rule with its text, writing nothing', async () => {
    const before = await scalar(sb.db, `select update_time from account where phone = $1`, [OPERATOR]);
    const cases: [Record<string, string>, string][] = [
      [{ shortName: '易' }, '商户简称为2-12个字'],
      [{ shortName: '杭州易充科技有限公司杭州分公司' }, '商户简称为2-12个字'],
      [{ contacts: '陈' }, '请输入联系人姓名'],
      [{ servicePhone: '12345' }, '请输入正确的客服电话'],
      [{ email: 'not-an-email' }, '请输入正确的邮箱地址'],
    ];
    for (const [body, message] of cases) {
      const answer = await sb.call<null>(OPERATOR, '/api/user/replenishMerchantInfo', body);
      expect(answer.body).toMatchObject({ code: 1, message, data: null });
    }
    expect((await sb.call<null>(OPERATOR, '/api/user/replenishMerchantInfo', {})).body.code).toBe(1);
    expect(await scalar(sb.db, `select update_time from account where phone = $1`, [OPERATOR])).toBe(before);
    for (const ok of [{ servicePhone: '0571-88886666' }, { servicePhone: '400-800-1234' }, { shortName: '易充科技' }]) {
      expect((await sb.call<null>(OPERATOR, '/api/user/replenishMerchantInfo', ok)).body.code).toBe(0);
    }
  });
});

describe('help centre', () => {
  it('lists the articles newest first and opens one; an unknown one is refused', async () => {
    const page = await sb.data<Page<HelpRow>>(OPERATOR, '/api/user/selectInformation?pageNum=1&pageSize=4');
    expect(page.total).toBe(await scalar(sb.db, 'select count(*) from help_article'));
    expect(page.list).toHaveLength(4);
    const times = page.list.map((a) => a.publishTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = page.list[0];
    const article = await sb.data<HelpArticle>(OPERATOR, `/api/user/selectInformationDetails?id=${first?.id}`);
    expect(article).toMatchObject({ id: first?.id, title: first?.title });
    expect(article.content).toContain('<p>');
    expect((await sb.call<null>(OPERATOR, '/api/user/selectInformationDetails?id=9999')).body).toMatchObject({
      code: 1,
      message: '文章不存在',
    });
  });
});

describe('logout', () => {
  it('unbinds the platform user of the token’s client only', async () => {
    const account = await scalar(sb.db, 'select id from account where phone = $1', [OPERATOR]);
    for (const client of ['r9a_weixin', 'alipay']) {
      await sb.db.query(
        `insert into platform_binding (account_id, client, platform_user_id, bind_time, create_time, update_time)
         values ($1, $2, $3, $4, $4, $4) on conflict do nothing`,
        [account, client, `test-${client}`, NOW],
      );
    }
    const token = await sb.login(OPERATOR, 'r9a_weixin');
    const answer = await sb.post<null>('/api/user/logout', token, {});
    expect(answer.body).toMatchObject({ code: 0, data: null });
    const left = await sb.db.query<{ client: string }>(
      'select client from platform_binding where account_id = $1 order by client',
      [account],
    );
    expect(left.rows.map((r) => r.client)).toEqual(['alipay']);
  });
});
