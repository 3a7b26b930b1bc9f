import { addSiteForm } from '../testing';
import { ANY_ACCOUNT, can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the site list, site detail, communities, addSite and the property list (sandbox/trust/matrix.ts;
 * B-site.md §1, Business rules A4; R1): site:view to see sites, site:edit by an owner or a sub-account to create and
 * change; communities are the owner's (a property sees none; a limited sub-account those of its sites).
 */
const community = {
  name: '矩阵测试小区',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '文一西路1号',
};

export const ACCESS: AccessTable = {
  'POST /api/r9/site/siteList': { request: () => ({ ...PAGE, sort: 1 }), expect: can('site:view') },
  'GET /api/site/siteBaseInfo': { request: (o) => ({ siteId: o.site }), expect: can('site:view') },
  'GET /api/r9/site/nameList': { request: () => ({}), expect: can('site:view') },
  'GET /api/box/getDeviceStatusStatistics': { request: (o) => ({ siteId: o.site }), expect: ANY_ACCOUNT },
  'GET /api/openPlatform/getUndealSiteApplyCount': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/community/simpleList': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/community/communityCount': { request: () => ({}), expect: ANY_ACCOUNT },
  'POST /api/community/list': { request: () => ({ ...PAGE }), expect: ANY_ACCOUNT },
  'GET /api/community/info': { request: (o) => ({ id: o.community }), expect: { ...ANY_ACCOUNT, property: 'scope' } },
  'GET /api/site/simpleCommunitySiteList': {
    request: (o) => ({ communityId: o.community }),
    expect: { ...ANY_ACCOUNT, property: 'scope' },
  },
  'POST /api/community/add': { request: () => community, expect: can('site:edit', { types: [1, 2, 4] }) },
  'POST /api/community/modify': {
    request: (o) => ({ ...community, id: o.community }),
    expect: can('site:edit', { types: [1, 2, 4] }),
  },
  'POST /api/r9/site/addSite': {
    // Coordinates outside the accepted area: refused by the business rule after access.
    request: () => addSiteForm({ name: '矩阵测试站点', longitude: 0, latitude: 0 }),
    expect: can('site:edit', { types: [1, 2, 4] }),
  },
  'GET /api/user/merchantListByOperator': {
    request: () => ({ ...PAGE }),
    expect: can(['tenement', 'site:edit'], { types: [1, 2, 4] }),
  },
};
