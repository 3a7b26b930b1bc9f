import { PAGE, can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the agents and device transfers (sandbox/trust/matrix.ts; C-mine.md /mine/factorialList and
 * /info; Business rules 18, 19). Agents are an operator's (`agent`, accountType 1: agents have no agents); transfers
 * are sent by an operator and received by its agents (`transfer`, accountTypes 1 and 2); a property, a sub-account and
 * a builder hold neither. The demo world's agent is 10002; its transfers are 1 (completed) and 2 (pending, from the
 * operator's stock). Rows name the agent, transfer and box of the probed account's demo world (another account's
 * outside).
 */
const OPERATOR = can('agent', { types: [1] });
const TRANSFER = can('transfer', { types: [1, 2] });

export const ACCESS: AccessTable = {
  'GET /api/user/factorRecords': { request: () => ({ ...PAGE }), expect: OPERATOR },
  'GET /api/user/valiFactory': { request: () => ({ phone: '13700990031' }), expect: OPERATOR },
  'POST /api/user/factorEdit': {
    request: () => ({ name: '矩阵代理', phone: '13700990032', password: 'abc12345' }),
    expect: OPERATOR,
  },
  'GET /api/user/factorInfo': { request: (o) => ({ id: o.agent }), expect: OPERATOR },
  'GET /api/transfer/findAgent': { request: () => ({ phone: '13800138001' }), expect: TRANSFER },
  // A box of the side's site: its own is refused as bound to a site, another's as not its stock (neither told more:
  // the answer names no foreign site, which the leak check sees).
  'GET /api/transfer/outDeviceAddCheck': {
    request: (o) => ({ serialNumber: o.boxSerial, toMerchantId: 10002 }),
    expect: TRANSFER,
    object: false,
  },
  'POST /api/transfer/outDeviceSubmit': {
    request: (o) => ({ toMerchantId: 10002, serialNumbers: [o.boxSerial] }),
    expect: TRANSFER,
    object: false,
  },
  'GET /api/transfer/getRecord': { request: () => ({ ...PAGE }), expect: TRANSFER },
  'GET /api/transfer/transferDetail': { request: (o) => ({ transferId: o.transfer }), expect: TRANSFER },
  // Rejecting the pending transfer is the receiver's: the operator is refused by the handler (still granted).
  'POST /api/transfer/operation': { request: (o) => ({ transferId: o.transfer, action: 2 }), expect: TRANSFER },
};
