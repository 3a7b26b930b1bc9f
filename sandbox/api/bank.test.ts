import { describe, expect, it } from 'vitest';
import type { BankBin, BoundCard, SavingsCards } from '../../src/api/bank';
import { luhnValid } from '../../src/api/income-rules';
import { scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';
import { freshSmsCode, moneyNeverDoubles, newRequestId } from '../testing-money';

/**
 * Bank cards (D-income.md §2 /income/bank, /income/bank/add; "Bank cards and real name"; codes 2011–2018) through the
 * sandbox's HTTP interface: the BIN lookup, binding with the four-element check and the SMS code of the reserved phone,
 * the real name fixed by the first card, the 5-card limit, unbinding refused for the auto-withdraw card and a card with
 * a withdrawal in progress, and exactly once for bindBank and unBindBank (sandbox/testing-money.ts).
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'unsignedOperator', 'agent']);
/** The forms of the racing binds (made before the race, sent at once). */
let raceForms: Record<string, unknown>[] = [];

/** A Luhn-valid number of `length` digits starting with `bin`, whose last digits are `ending` when given. */
function cardNumber(bin: string, length: number, seed: number, ending = ''): string {
  for (let n = seed; ; n++) {
    const middle = String(n).padStart(length - bin.length - ending.length, '0');
    const candidate = `${bin}${middle}${ending}`;
    if (candidate.length === length && luhnValid(candidate)) return candidate;
  }
}

/** CCB 龙卡储蓄卡: debit, 19 digits. */
const ccb = (seed: number, ending = '') => cardNumber('621700', 19, seed * 1000, ending);

const bind = (token: string, body: Record<string, unknown>) => sb.post<BoundCard>('/api/user/bindBank', token, body);

async function bindForm(token: string, phone: string, cardNo: string, extra: Record<string, unknown> = {}) {
  const code = await freshSmsCode(sb, phone, 4);
  return { cardNo, bankCode: 'CCB', reservedPhone: phone, code, requestId: newRequestId(), ...extra };
}

describe('GET /api/user/bankBin', () => {
  it('resolves a debit card, a credit card and refuses an unknown bank with 2016', async () => {
    const debit = await sb.get<BankBin>('/api/user/bankBin', tokens.operator, { cardNo: '6214835712' });
    expect(debit.body.data).toMatchObject({ bankCode: 'CMB', bankName: '招商银行', cardType: 1, cardLength: 16 });
    const credit = await sb.get<BankBin>('/api/user/bankBin', tokens.operator, { cardNo: '6225880000' });
    expect(credit.body.data.cardType).toBe(2);
    const unknown = await sb.get('/api/user/bankBin', tokens.operator, { cardNo: '9999990000' });
    expect(unknown.body).toMatchObject({ code: 2016, message: '无法识别该卡号所属银行' });
  });
});

describe('POST /api/user/bindBank', () => {
  it('binds a card of the account’s real name, which lists it masked; the code serves one request', async () => {
    const cardNo = ccb(1);
    const form = await bindForm(tokens.operator, '13911110001', cardNo);
    const bound = await bind(tokens.operator, form);
    expect(bound.body.code, bound.body.message).toBe(0);
    expect(bound.body.data).toMatchObject({
      bankName: '中国建设银行',
      cardNoTail: cardNo.slice(-4),
      holderName: '陈*国',
    });
    const cards = await sb.get<SavingsCards>('/api/user/getUserBindBankCard', tokens.operator);
    const listed = cards.body.data.list.find((c) => c.bankCardId === bound.body.data.bankCardId);
    expect(listed).toMatchObject({ cardNoMasked: `**** **** **** ${cardNo.slice(-4)}`, reservedPhone: '139****0001' });
    expect(cards.body.data.realNameLocked).toBe(true);
    // the same code again (another request) is used up
    const again = await bind(tokens.operator, { ...form, cardNo: ccb(2), requestId: newRequestId() });
    expect(again.body.code).toBe(1001);
  });

  it('refuses a second binding of a number (2011), a credit card (2012), a failed four-element check (2013)', async () => {
    const cardNo = ccb(3);
    expect((await bind(tokens.operator, await bindForm(tokens.operator, '13911110003', cardNo))).body.code).toBe(0);
    const twice = await bind(tokens.operator, await bindForm(tokens.operator, '13911110003', cardNo));
    expect(twice.body).toMatchObject({ code: 2011, message: '该银行卡已绑定' });
    const credit = cardNumber('622588', 16, 1);
    const refused = await bind(
      tokens.operator,
      await bindForm(tokens.operator, '13911110004', credit, { bankCode: 'CMB' }),
    );
    expect(refused.body).toMatchObject({ code: 2012, message: '仅支持储蓄卡' });
    const failing = await bind(tokens.operator, await bindForm(tokens.operator, '13911110005', ccb(4, '0000')));
    expect(failing.body.code).toBe(2013);
    // 2 savings cards of the demo + the 2 bound here, and the corporate account
    const count = await scalar(sb.db, 'select count(*) from bank_card where account_id = 10001 and status = 1');
    expect(count).toBe(5);
  });

  // D-income.md §2 /income/bank/add "Validation": Luhn check fails → 银行卡号校验失败，请核对 (and "Business rules: Bank
  // cards": the number must pass Luhn). Literal numbers: the helper above makes its numbers with luhnValid itself.
  it('refuses a number whose check digit is wrong, with its message; the right check digit passes the rule', async () => {
    const form = await bindForm(tokens.operator, '13911110009', '6217000001234567892');
    expect((await bind(tokens.operator, form)).body).toMatchObject({ code: 1, message: '银行卡号校验失败，请核对' });
    // The valid number gets past the number's rule and is refused only for the wrong code: nothing is bound here.
    const wrongCode = form.code === '000000' ? '111111' : '000000';
    const valid = await bind(tokens.operator, { ...form, cardNo: '6217000001234567891', code: wrongCode });
    expect(valid.body).toMatchObject({ code: 1001 });
  });

  it('holds at most 5 cards (2014), however many bind at once', async () => {
    const before = await scalar(
      sb.db,
      'select count(*) from bank_card where account_id = 10001 and status = 1 and card_type = 1',
    );
    expect(before).toBe(4);
    const phones = Array.from({ length: 4 }, (_, i) => `1391111002${i}`);
    const forms = [];
    for (const [i, phone] of phones.entries()) forms.push(await bindForm(tokens.operator, phone, ccb(20 + i)));
    const answers = await Promise.all(forms.map((f) => bind(tokens.operator, f)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 2014)).toHaveLength(3);
    expect(answers.find((a) => a.body.code === 2014)?.body.message).toBe('最多绑定5张银行卡');
  });

  it('the first card fixes an account’s real name; later cards of another holder answer 2018', async () => {
    const token = tokens.unsignedOperator;
    const missing = await bind(token, await bindForm(token, '13911110031', ccb(31)));
    expect(missing.body).toMatchObject({ code: 1, message: '请输入持卡人姓名' });
    const first = await bind(
      token,
      await bindForm(token, '13911110031', ccb(32), { holderName: '王小明', idCardNo: '11010519491231002X' }),
    );
    expect(first.body.code, first.body.message).toBe(0);
    const cards = await sb.get<SavingsCards>('/api/user/getUserBindBankCard', token);
    expect(cards.body.data).toMatchObject({
      realNameLocked: true,
      realName: '王*明',
      idCardNoMasked: '1101**********002X',
    });
    const other = await bind(
      token,
      await bindForm(token, '13911110032', ccb(33), { holderName: '李四', idCardNo: '11010519491231002X' }),
    );
    expect(other.body).toMatchObject({ code: 2018, message: '持卡人须与账户实名信息一致' });
  });

  it('never binds twice: the same requestId at once, later, after a stall; racing binds respect the limit', async () => {
    const token = tokens.agent; // 张伟 (real name fixed), no savings card of its own yet
    let n = 100;
    let form: Record<string, unknown> = {};
    await moneyNeverDoubles(sb, {
      path: '/api/user/bindBank',
      prepare: async () => {
        n += 1;
        form = await bindForm(token, `1392222${String(n).padStart(4, '0')}`, ccb(n));
      },
      send: (requestId) => bind(token, { ...form, requestId }),
      effects: () => scalar(sb.db, 'select count(*) from bank_card where account_id = 10002 and status = 1'),
      race: {
        prepare: async () => {
          const forms: Record<string, unknown>[] = [];
          for (let i = 0; i < 4; i++) forms.push(await bindForm(token, `1393333000${i}`, ccb(200 + i)));
          raceForms = forms;
        },
        send: (requestId, i) => bind(token, { ...raceForms[i], requestId }),
        count: 4,
        // the agent's personal settlement card (source 2) + the 3 bound above: one of the 5 places is left
        maxSuccesses: 1,
        minSuccesses: 1,
      },
    });
  });
});

describe('POST /api/user/unBindBank', () => {
  it('refuses the auto-withdraw card (2017) and a card with a withdrawal in progress (2015); unbinds another', async () => {
    const unbind = (bankCardId: number) =>
      sb.post('/api/user/unBindBank', tokens.operator, { bankCardId, requestId: newRequestId() });
    // card 1 is the operator's weekly auto-withdraw card
    expect((await unbind(1)).body).toMatchObject({ code: 2017, message: '该卡为自动提现到账卡，请先在自动提现中更换' });
    // a withdrawal to card 2 in progress (an earlier one of the demo, put back afterwards)
    const id = await scalar(sb.db, 'select max(id) from withdrawal where account_id = 10001 and status = 3');
    const was = await sb.db.query<{ bank_card_id: number }>('select bank_card_id from withdrawal where id = $1', [id]);
    await sb.db.query('update withdrawal set status = 2, bank_card_id = 2 where id = $1', [id]);
    expect((await unbind(2)).body).toMatchObject({ code: 2015, message: '该卡有处理中的提现，暂不可操作' });
    await sb.db.query('update withdrawal set status = 3, bank_card_id = $2 where id = $1', [
      id,
      was.rows[0]?.bank_card_id,
    ]);
    expect((await unbind(2)).body.code).toBe(0);
    expect((await unbind(2)).body.code).toBe(2005);
    const cards = await sb.get<SavingsCards>('/api/user/getUserBindBankCard', tokens.operator);
    expect(cards.body.data.list.some((c) => c.bankCardId === 2)).toBe(false);
    expect(await scalar(sb.db, 'select status from bank_card where id = 2')).toBe(2);
  });

  it('never unbinds twice (exactly once per requestId)', async () => {
    const token = tokens.agent;
    let target = 0;
    await moneyNeverDoubles(sb, {
      path: '/api/user/unBindBank',
      prepare: async () => {
        target = await scalar(
          sb.db,
          'select min(id) from bank_card where account_id = 10002 and status = 1 and card_type = 1 and source = 1',
        );
      },
      send: (requestId) => sb.post('/api/user/unBindBank', token, { bankCardId: target, requestId }),
      effects: () => scalar(sb.db, 'select count(*) from bank_card where account_id = 10002 and status = 2'),
    });
  });
});
