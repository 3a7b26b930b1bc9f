import { getSiteBaseInfo, type SiteDetail } from '@/api/site';
import { EntityCache } from '@/stores/support/entity-cache';

/**
 * The sites the account sees, each held once for the whole app (B-site.md §2 "SiteDetail", GET
 * /api/site/siteBaseInfo; ARCHITECTURE.md "How the code grows"). The site detail, its device tabs, the profile and its
 * settings pages, device setup, site income, the map and the property list all read a site here. A store that changed
 * a site (a box added, unbound or migrated, a profile or share edit) calls `invalidate(siteId)`: the site is refetched
 * and every screen showing it follows; a site added calls `invalidate()`, a site deleted `forget(siteId)`; the kept
 * site list reloads when shown again after any of them (`changes`).
 */
export class SitesStore extends EntityCache<number, SiteDetail> {
  constructor() {
    super((siteId) => getSiteBaseInfo(siteId));
  }
}
