import { PAGE, can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the installation work orders (sandbox/trust/matrix.ts; C-mine.md /mine/workOrder and its
 * children, Business rule 17): everything needs workOrder (operators, agents and the builder hold it; the demo
 * property and sub-account do not). Reviewing, making the site and accepting are the operator side's (types 1, 2, 4);
 * confirming the training and submitting for acceptance the builder's (type 5). An order is reached by its operator's
 * people, by a builder only when it is assigned to him (http/access.ts workOrderReach).
 */
const OPERATOR_SIDE = can('workOrder', { types: [1, 2, 4] });
const BUILDER_SIDE = can('workOrder', { types: [5] });

export const ACCESS: AccessTable = {
  'GET /api/third/getOrderCountOfWait': { request: () => ({}), expect: can('workOrder') },
  'GET /api/third/getPagedOrderListOfAnt': { request: () => ({ status: 3, ...PAGE }), expect: can('workOrder') },
  'GET /api/third/getOrderDetail': { request: (o) => ({ id: o.workOrder }), expect: can('workOrder') },
  // The probed account's operator (another operator's id answers an empty list, checked for leaks).
  'GET /api/third/getUserListByCommId': {
    request: (o) => ({ commId: o.account }),
    expect: OPERATOR_SIDE,
    object: false,
  },
  'POST /api/third/addSite': {
    request: (o) => ({
      orderId: o.workOrder,
      name: '矩阵测试站点',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '文一西路1号',
      longitude: 120.13,
      latitude: 30.28,
    }),
    expect: OPERATOR_SIDE,
  },
  'POST /api/third/approvalBuildOrder': {
    request: (o) => ({ id: o.workOrder, checkStatus: 2, applyApprovedContent: '不具备安装条件' }),
    expect: OPERATOR_SIDE,
  },
  'GET /api/train/getTrainInfo': { request: (o) => ({ orderId: o.workOrder }), expect: can('workOrder') },
  'POST /api/third/updateTrainingConfirm': {
    request: (o) => ({ orderId: o.workOrder, trainId: o.train }),
    expect: BUILDER_SIDE,
  },
  'POST /api/third/submitBuildAchievement': {
    request: (o) => ({ orderId: o.workOrder, remark: '' }),
    expect: BUILDER_SIDE,
  },
  'POST /api/third/approvalBuildAchievement': {
    request: (o) => ({ orderId: o.workOrder, result: 2, content: '请整改' }),
    expect: OPERATOR_SIDE,
  },
};
