import { wechatPlatform } from '../platform/wechat';
import { boot } from '../src/app/boot';

boot(wechatPlatform);
