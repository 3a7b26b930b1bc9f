import { describe, expect, it } from 'vitest';
import { scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';

/**
 * The sandbox's one input reader (issue 12, defect 3): a NUL byte or another control character in any text field or
 * search keyword is refused with the envelope and a clear message (it used to reach PostgreSQL and answer HTTP 500);
 * a body over 1 MB is refused before it is parsed with 413 and the envelope. Nothing is written on a refusal.
 * Every endpoint and field is covered by the generated hostile input (sandbox/trust/hostile-input.test.ts); these are
 * the pairs found by hand.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

const community = (name: string) => ({
  name,
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '文一西路1号',
});
const communities = () => scalar(sb.db, 'select count(*) from community');

describe('control characters', () => {
  it.each([
    [
      'POST keyword',
      () => sb.post('/api/r9/site/siteList', tokens.operator, { pageNum: 1, pageSize: 10, keyword: 'a\u0000b' }),
    ],
    ['GET keyword', () => sb.get('/api/r9/site/nameList', tokens.operator, { keyword: '翠苑\u0000' })],
    [
      'nested text',
      () =>
        sb.post('/api/box/updateBatchChargerQrCode', tokens.operator, {
          boxId: 1,
          items: [{ chargerId: 1, qrCode: 'YCQ\u0000000100301' }],
        }),
    ],
    ['login phone', () => sb.post('/api/user/antLoginWithPwd', null, { phone: '1380013800\u0000', password: 'x' })],
  ])('%s with a NUL byte: the envelope with a clear code-1 message, not HTTP 500', async (_, send) => {
    const res = await send();
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.message).toMatch(/^参数 \S+ 含有不允许的控制字符或无效字符$/);
  });

  it('names the field, refuses other control characters and broken text, and writes nothing', async () => {
    const before = await communities();
    const nul = await sb.post('/api/community/add', tokens.operator, community('测试\u0000小区'));
    expect(nul.body).toMatchObject({ code: 1, message: '参数 name 含有不允许的控制字符或无效字符' });
    for (const name of ['测试\u0001小区', '测试\u001b[31m小区', '测试\u007f小区', '测试\u0085小区', '测试\ud800小区']) {
      expect((await sb.post('/api/community/add', tokens.operator, community(name))).body.code).toBe(1);
    }
    const key = await sb.post('/api/community/add', tokens.operator, { ...community('测试小区'), 'x\u0000': 1 });
    expect(key.body.code).toBe(1);
    expect(await communities()).toBe(before);
    // Ordinary text with emoji and CJK is text.
    const fine = await sb.post('/api/community/add', tokens.operator, community('测试🚲小区'));
    expect(fine.body.code).toBe(0);
    expect(await communities()).toBe(before + 1);
  });
});

describe('body size', () => {
  it('a body over 1 MB is refused before it is parsed: 413 with the envelope', async () => {
    const big = JSON.stringify({ pageNum: 1, pageSize: 10, keyword: 'x'.repeat(1024 * 1024) });
    const streamed = await sb.post('/api/r9/site/siteList', tokens.operator, big);
    expect(streamed.status).toBe(413);
    expect(streamed.body).toEqual({ code: 413, message: '请求体过大（上限1 MB）', data: null });
    const declared = await sb.app.request('/api/community/add', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(2 * 1024 * 1024),
        token: tokens.operator,
      },
      body: '{}',
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 413 });
    // Just under the limit is read (and refused by the field's own rule).
    const under = await sb.post(
      '/api/r9/site/siteList',
      tokens.operator,
      JSON.stringify({ pageNum: 1, pageSize: 10, keyword: 'x'.repeat(1000 * 1000) }),
    );
    expect(under.status).toBe(200);
    expect(under.body).toMatchObject({ code: 1, message: '搜索关键词最多30个字' });
  });
});

describe('nesting', () => {
  it('five thousand levels of [ (40 KB) answer the envelope with a clear code-1 message on any POST, login included', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const nestedField = JSON.stringify({ phone: '13800138000', password: 'x' }).replace('"x"', deep);
    for (const [url, token, body] of [
      ['/api/user/antLoginWithPwd', null, deep],
      ['/api/user/antLoginWithPwd', null, nestedField],
      ['/api/community/add', tokens.operator, `{"name":${deep}}`],
    ] as const) {
      const res = await sb.post(url, token, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 1, message: '请求层级过深（上限32层）', data: null });
    }
    // A control character after deep (but allowed) nesting is still found and named.
    const inner = JSON.parse(`${'['.repeat(30)}"a\\u0000"${']'.repeat(30)}`) as unknown;
    const res = await sb.post('/api/community/add', tokens.operator, { ...community('测试小区'), tags: inner });
    expect(res.body).toMatchObject({
      code: 1,
      message: `参数 tags.${Array(30).fill('0').join('.')} 含有不允许的控制字符或无效字符`,
    });
  });
});
