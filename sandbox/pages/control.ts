import type { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { setCookie, deleteCookie } from 'hono/cookie';
import { z } from 'zod';
import { lastSmsCode } from '../api/user';
import { input, ok, fail } from '../http/envelope';
import { faultSchema, type FaultRegistry } from '../http/faults';
import type { JobRunner } from '../jobs/runner';
import { phoneRule } from '../../src/api/rules';
import { demoImageSvg } from './demo-images';
import { escapeHtml, page } from './html';
import { PREVIEW_COOKIE } from './static';

/** A frame of the cameras' live clip (sandbox/assets/hls), served as every camera's cover. */
const CAMERA_COVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/camera-cover.jpg');

/** Body of POST /__sandbox/clock: exactly one of `now` (epoch ms) and `advanceMs` (ms; negative moves back). */
const clockBody = z
  .object({
    now: z.number({ error: 'now 须为毫秒时间戳' }).int('now 须为毫秒时间戳').min(0, 'now 须为毫秒时间戳').optional(),
    advanceMs: z.number({ error: 'advanceMs 须为整数毫秒' }).int('advanceMs 须为整数毫秒').optional(),
  })
  .refine((b) => (b.now === undefined) !== (b.advanceMs === undefined), '请传入 now 或 advanceMs 其中之一');

/**
 * Test-only controls under /__sandbox/ (README "Sandbox interfaces"): the SMS inbox, fault injection, the business
 * clock and its jobs, the desktop preview, health.
 */
export function controlRoutes(db: PGlite, faults: FaultRegistry, jobs: JobRunner) {
  const app = new Hono();
  const clockState = () => ({ now: jobs.clock.now(), real: jobs.clock.isReal });

  // GET /__sandbox/clock → { now, real }: the business time (epoch ms) and whether it follows real time.
  app.get('/__sandbox/clock', (c) => ok(c, clockState()));

  // POST /__sandbox/clock { now } | { advanceMs } — sets the business clock (it then stands still) and runs every job
  // that falls due up to the new time, in time order, each at its own instant; answers when they have run.
  app.post('/__sandbox/clock', async (c) => {
    const body = await input(c, clockBody);
    if (body.now !== undefined) await jobs.setTime(body.now);
    else await jobs.advance(body.advanceMs ?? 0);
    return ok(c, clockState());
  });

  // DELETE /__sandbox/clock — back to real time (the jobs due up to the real time run first).
  app.delete('/__sandbox/clock', async (c) => {
    await jobs.toRealTime();
    return ok(c, clockState());
  });

  // GET /__sandbox/sms?phone=N → { code: 0, data: { code: "NNNNNN" } }, the last code sent to that phone.
  app.get('/__sandbox/sms', async (c) => {
    const { phone } = await input(c, z.object({ phone: phoneRule }));
    const code = await lastSmsCode(db, phone);
    return code ? ok(c, { code }) : fail(c, 1, '该手机号没有发送记录');
  });

  // DELETE /__sandbox/sms?phone=N — forgets the codes sent to a phone (resets its 60 s / 10 a day limits; tests).
  app.delete('/__sandbox/sms', async (c) => {
    const { phone } = await input(c, z.object({ phone: phoneRule }));
    await db.query('delete from sms_code where phone = $1', [phone]);
    return ok(c, null);
  });

  app.post('/__sandbox/faults', async (c) => {
    const fault = await input(c, faultSchema);
    faults.add(fault);
    return ok(c, { pending: faults.list() });
  });
  app.delete('/__sandbox/faults', (c) => {
    faults.clear();
    return ok(c, null);
  });
  app.get('/__sandbox/faults', (c) => ok(c, { pending: faults.list() }));

  app.get('/__sandbox/health', (c) => ok(c, { status: 'up' }));

  // Files the demo data refers to (logos, photos, contracts): generated stand-ins, sandbox only.
  app.get('/__sandbox/static/*', async (c) => {
    const name = c.req.path.slice('/__sandbox/static/'.length);
    if (/^camera-cover-\d+\.jpg$/.test(name)) {
      const jpeg = new Uint8Array(readFileSync(CAMERA_COVER));
      return c.body(jpeg, 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=3600' });
    }
    // Logos and photos, drawn readable (issue 13 item 7: the owner's mark or what the photo shows, never the file name).
    const svg = await demoImageSvg(db, name);
    if (svg !== null) {
      return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' });
    }
    return c.html(page('沙箱文件', `<div class="card"><h1>${escapeHtml(name)}</h1><p>沙箱中的示例文件。</p></div>`));
  });

  // Desktop preview: choose a host; the app is then served with that bundle and its emulator injected.
  app.get('/__sandbox/preview/:host{(wechat|alipay|off)}', (c) => {
    const host = c.req.param('host');
    const os = c.req.query('os') === 'ios' ? 'ios' : 'android';
    if (host === 'off') deleteCookie(c, PREVIEW_COOKIE, { path: '/' });
    else setCookie(c, PREVIEW_COOKIE, `${host}:${os}`, { path: '/', sameSite: 'Lax' });
    return c.redirect(host === 'off' ? '/__sandbox/' : '/', 302);
  });

  app.get('/__sandbox', (c) => c.redirect('/__sandbox/', 302));
  app.get('/__sandbox/', (c) =>
    c.html(
      page(
        '沙箱预览',
        `<h1>充电运营管理平台 · 沙箱</h1>
        <p>在桌面浏览器中以微信或支付宝身份打开应用（注入宿主模拟器，仅沙箱）。演示账号 13800138000 / sandbox123，
        验证码见 <code>/__sandbox/sms?phone=13800138000</code>。</p>
        <div class="card">
          <div class="row">
            <a class="button primary" href="/__sandbox/preview/wechat">以微信打开</a>
            <a class="button alipay" href="/__sandbox/preview/alipay">以支付宝打开</a>
          </div>
          <div class="row">
            <a class="button ghost" href="/__sandbox/preview/wechat?os=ios">微信 (iOS)</a>
            <a class="button ghost" href="/__sandbox/preview/off">关闭预览</a>
          </div>
        </div>
        <p>手机尺寸预览：打开后按 F12 切换到移动设备视图，或使用下方窗口。</p>
        <iframe class="phone" src="/" title="app"></iframe>`,
      ),
    ),
  );

  return app;
}
