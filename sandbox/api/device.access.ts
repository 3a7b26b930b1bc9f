import { can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the site's device lists and commands (sandbox/trust/matrix.ts; B-site.md §2, Business rules D;
 * R1): every list of a site the caller sees needs site:view; remarks and unbinding need the site editable (site:edit);
 * commands the owner's site and device:control; the residents' whitelist is the owner's people's (and, read-only, the
 * property's of its sites), never a builder's. Requests that would change the demo world fail their business rule
 * after access (an unknown socket), or act on an object their prepare writes (a box to unbind, a resident to delete).
 */
export const ACCESS: AccessTable = {
  'POST /api/box/getPagedBoxListOfSite': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: can('site:view') },
  'POST /api/box/getPagedBoxListWithChargerInfo': {
    request: (o) => ({ siteId: o.site, ...PAGE }),
    expect: can('site:view'),
  },
  'GET /api/box/boxDetail': { request: (o) => ({ boxId: o.box }), expect: can('site:view') },
  'POST /api/r9/box/testPay': {
    request: (o) => ({ boxId: o.box, socketNo: 99, minutes: 1 }),
    expect: can('device:control'),
  },
  'POST /api/site/unbindSocket': {
    request: (o) => ({ siteId: o.site, boxId: o.box }),
    expect: can('site:edit'),
    // A fresh idle box on the side's site, so that the unbinding leaves the site's own boxes to the other rows.
    prepare: async (o, db) => {
      const row = await db.query(
        `insert into device (serial_number, model, device_type, owner_operator_id, site_id, bind_time, signal_mode,
           create_time, update_time)
         select 'MXU' || lpad(nextval(pg_get_serial_sequence('device', 'id'))::text, 9, '0'), m.model, 1,
           s.operator_id, s.id, 0, 1, 0, 0
         from site s, (select model from device_model where device_type = 1 order by model limit 1) m
         where s.id = $1 returning id`,
        [o.site],
      );
      return { box: Number((row.rows[0] as { id: number }).id) };
    },
  },
  'POST /api/box/getPagedEntranceGuardList': {
    request: (o) => ({ siteId: o.site, ...PAGE }),
    expect: can('site:view'),
  },
  'POST /api/box/forcedToOpenTheDoor': { request: (o) => ({ id: o.guard }), expect: can('device:control') },
  'POST /api/box/u8/remoteOpenGateDoor': { request: (o) => ({ id: o.gate }), expect: can('device:control') },
  'POST /api/box/u8/remoteCloseGateDoor': { request: (o) => ({ id: o.gate }), expect: can('device:control') },
  'POST /api/box/u8/setAutoCloseGateDoorInterval': {
    request: (o) => ({ id: o.gate, interval: 30 }),
    expect: can('device:control'),
  },
  'POST /api/site/editBoxMark': { request: (o) => ({ boxId: o.box, remark: '矩阵' }), expect: can('site:edit') },
  'POST /api/box/updateDoorRemark': { request: (o) => ({ id: o.guard, remark: '矩阵' }), expect: can('site:edit') },
  'POST /api/box/updateWebcamRemark': { request: (o) => ({ id: o.camera, remark: '矩阵' }), expect: can('site:edit') },
  'POST /api/box/updateSmokeRemark': { request: (o) => ({ id: o.smoke, remark: '矩阵' }), expect: can('site:edit') },
  'POST /api/community/white/list': {
    request: (o) => ({ communityId: o.community, ...PAGE }),
    expect: can('site:view', { scope: ['builder'] }),
  },
  'POST /api/community/white/saveOrUpdate': {
    request: (o) => ({ communityId: o.community, name: '矩阵住户', phone: '13712340000', roomNo: '1栋101' }),
    expect: can('site:edit'),
  },
  'POST /api/community/white/delete': {
    request: (o) => ({ id: o.white }),
    expect: can('site:edit'),
    prepare: async (o, db) => {
      const row = await db.query(
        `insert into community_white (community_id, name, phone, room_no, create_time, update_time)
         values ($1, '矩阵删除', '13712349999', '9栋', 0, 0) returning id`,
        [o.community],
      );
      return { white: Number((row.rows[0] as { id: number }).id) };
    },
  },
  'POST /api/box/getPagedWebcamList': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: can('site:view') },
  'POST /api/box/getPagedSmokeSensorList': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: can('site:view') },
  'GET /api/lechange/open/getAccessToken': { request: () => ({}), expect: can('site:view') },
  'POST /api/lechange/open/signSystem': {
    request: () => ({ time: Math.floor(Date.parse('2026-11-20T10:00:00+08:00') / 1000), nonce: 'a'.repeat(32) }),
    expect: can('site:view'),
  },
  'POST /api/lechange/open/bindDeviceLive': { request: (o) => ({ id: o.camera }), expect: can('site:view') },
};
