import type { SiteShareRule } from './site';

/**
 * Default values of the site section that the startup bundle needs (the site draft of the root store) without the
 * rule modules and their validation library: this module imports types only, so that it stays out of the way of the
 * initial byte budget and runs in Node (sandbox, tests).
 */

/**
 * DEFAULT_SHARE_RULE of B-site.md §0.2: the terms of a new site draft and of a site without any version (综合分成,
 * every cost on the operator, no parties).
 */
export const DEFAULT_SHARE_RULE: Readonly<SiteShareRule> = {
  shareMode: 2,
  electricBearer: 1,
  electricPrice: 0,
  channelFeeBearer: 1,
  platformFeeBearer: 1,
  parties: [],
};
