import { alipayPlatform } from '../platform/alipay';
import { boot } from '../src/app/boot';

boot(alipayPlatform);
