import { ANY_ACCOUNT, can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of adding and binding devices, stickers, sockets and remote charging (sandbox/trust/matrix.ts;
 * B-site.md §3, Business rules C7, D1–D10; R1): device:add on the owner's own site (a builder installs for its
 * operator), device:control for the signal mode, remote:charge for remote start and stop; reading a box or socket
 * needs only to see its site. Requests that would change the demo world fail their business rule after access.
 */
export const ACCESS: AccessTable = {
  'GET /api/box/checkAddDevicePermission': { request: (o) => ({ siteId: o.site }), expect: ANY_ACCOUNT },
  'GET /api/box/getDeviceTypeBySerialNumber': {
    request: (o) => ({ serialNumber: o.boxSerial }),
    expect: can('device:add'),
    object: false,
  },
  'GET /api/box/getBoxSimpleInfoBySerialNumber': {
    request: (o) => ({ serialNumber: o.boxSerial }),
    expect: can('device:add'),
    object: false,
  },
  'POST /api/r9/box/addBox': {
    request: (o) => ({ siteId: o.site, serialNumber: 'NOSUCH0001', deviceType: 1 }),
    expect: can('device:add'),
  },
  'POST /api/r9/box/setBackUpQrCode': {
    request: (o) => ({ boxId: o.box, backUpQrCode: 'not a sticker' }),
    expect: can('device:add'),
  },
  'POST /api/r9/box/unbindBackUpQrCode': { request: (o) => ({ boxId: o.box }), expect: can('device:add') },
  'GET /api/r9/box/boxList': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: ANY_ACCOUNT },
  'POST /api/r9/box/updateBox': { request: (o) => ({ id: o.box, signalMode: 1 }), expect: can('device:control') },
  'GET /api/box/getChargerListByBoxCode': { request: (o) => ({ boxCode: o.boxSerial }), expect: ANY_ACCOUNT },
  'POST /api/site/setSocketQRcode': {
    request: (o) => ({ chargerId: o.charger, qrCode: '' }),
    expect: can('device:add'),
  },
  'POST /api/box/updateBatchChargerQrCode': {
    request: (o) => ({ boxId: o.box, items: [{ chargerId: o.charger, qrCode: 'YCQ000000000' }] }),
    expect: can('device:add'),
  },
  'GET /api/box/getConnectorDetail': { request: (o) => ({ chargerId: o.charger }), expect: can('site:view') },
  'GET /api/charger/powerCharts': { request: (o) => ({ orderNo: o.orderNo }), expect: can('site:view') },
  'POST /api/r9/charge/remoteStop': {
    request: (o) => ({ chargerId: o.charger, orderNo: o.orderNo }),
    expect: can('remote:charge'),
  },
};
