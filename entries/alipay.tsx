import { alipayPlatform } from '@platform/alipay';
import { boot } from '@/app/boot';

boot(alipayPlatform);
