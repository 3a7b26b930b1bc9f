import { describeWalk } from './walk-checks';

/** Every route, every role, in the WeChat bundle: see walk-checks.ts. */
describeWalk('wechat');
