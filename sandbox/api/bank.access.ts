import { ANY_ACCOUNT, can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the bank cards (sandbox/trust/matrix.ts; D-income.md §0.4 "bank, bank/add: `bank`"): the card
 * list, corporate accounts, binding and unbinding need `bank`; the card-number lookup and the bank list serve forms of
 * several screens (bank/add, edit-contract, exchangeBank) and answer any logged-in account.
 */
const BANK = can('bank');

export const ACCESS: AccessTable = {
  'GET /api/user/bankBin': { request: () => ({ cardNo: '6225880137' }), expect: ANY_ACCOUNT },
  'GET /api/user/bankList': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/user/getUserBindBankCard': { request: () => ({}), expect: BANK },
  'GET /api/user/getPublicAccounts': { request: () => ({}), expect: BANK },
  'POST /api/user/bindBank': {
    request: () => ({
      cardNo: '6225880137000007',
      bankCode: 'CMB',
      reservedPhone: '13800000000',
      code: '000000',
      requestId: 'a'.repeat(32),
    }),
    expect: BANK,
  },
  'POST /api/user/unBindBank': {
    request: (o) => ({ bankCardId: o.bankCard, requestId: `${o.bankCard}`.padStart(32, 'b') }),
    expect: BANK,
    // A fresh card of the probed account's own for each call that reaches the handler (it unbinds it).
    prepare: async (o, db) => {
      const row = await db.query(
        `insert into bank_card (account_id, card_type, source, holder_name_enc, holder_name_masked, card_no_enc,
           card_no_tail, bank_name, create_time, update_time)
         values ($1, 1, 1, 'matrix', '矩**', 'matrix', '0000', '矩阵银行', 0, 0) returning id`,
        [o.account],
      );
      return { bankCard: Number((row.rows[0] as { id: number }).id) };
    },
  },
};
