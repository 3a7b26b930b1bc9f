import { wechatPlatform } from '@platform/wechat';
import { boot } from '@/app/boot';

boot(wechatPlatform);
