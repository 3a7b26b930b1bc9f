import { describeWalk } from './walk-checks';

/** Every route, every role, in the Alipay bundle: see walk-checks.ts. */
describeWalk('alipay');
