import { ANY_ACCOUNT, can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the site profile and settings (sandbox/trust/matrix.ts; B-site.md §4, Business rules A.3, B, C):
 * reading a site's settings needs site:view, changing or deleting it the site editable (site:edit); contracts and the
 * phone look-up of a party belong to those who edit sites or properties. Changing requests fail their business rule
 * after access (nothing to change; a site with devices).
 */
export const ACCESS: AccessTable = {
  'POST /api/r9/site/modifySite': { request: (o) => ({ id: o.site }), expect: can('site:edit') },
  'GET /api/r9/site/querySiteShareRuleList': { request: (o) => ({ siteId: o.site }), expect: can('site:view') },
  'GET /api/site/checkAuditSiteInfo': { request: (o) => ({ siteId: o.site }), expect: can('site:view') },
  'GET /api/site/querySiteShareSimpleProportionList': { request: () => ({ merchantId: 10003 }), expect: ANY_ACCOUNT },
  'GET /api/user/getCommercialByPhone': {
    request: () => ({ phone: '13800138006' }),
    expect: can(['site:edit', 'tenement'], { types: [1, 2, 4] }),
  },
  'GET /api/site/getOperationMode': { request: (o) => ({ siteId: o.site }), expect: can('site:view') },
  'GET /api/site/sameSiteRuleList': { request: (o) => ({ siteId: o.site }), expect: can('site:view') },
  'GET /api/site/simpleSiteList': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/site/haveCard': { request: (o) => ({ siteId: o.site }), expect: can('site:view') },
  'POST /api/r9/site/delSite': { request: (o) => ({ id: o.site }), expect: can('site:edit') },
  'GET /api/site/selectContractCodeList': { request: () => ({}), expect: can('site:edit', { types: [1, 2, 4] }) },
  'GET /api/site/contractDetail': {
    request: (o) => ({ contractCode: o.contract }),
    expect: can('site:edit', { types: [1, 2, 4] }),
  },
  'GET /api/share/instalment/querySiteInstalmentStatus': {
    request: (o) => ({ siteId: o.site }),
    expect: can('site:view'),
  },
  'GET /api/openPlatform/getSiteApplies': {
    request: (o) => ({ tab: 1, siteId: o.site, ...PAGE }),
    expect: ANY_ACCOUNT,
  },
};
