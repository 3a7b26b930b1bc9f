import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import type { ChargerListOfBox, ConnectorDetail, PowerChart } from '../../src/api/device-setup';
import {
  answerDialog,
  bodyText,
  byTestId,
  clickText,
  createSite,
  openDemoPhone,
  press,
  sharedBrowser,
  textOf,
  typeInto,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Adding devices by scanning, the spare QR code, the socket QR codes and the socket detail (B-site.md §3, §0.4) in
 * both bundles, with the hosts' scan emulation. Data changed in the shared sandbox: each run creates its own site
 * (扫码测试站-微信-… / 扫码测试站-支付宝-…) and binds a free stock box to it (43 in WeChat, 44 in Alipay), binds then
 * releases one spare sticker (YCB000880104 / YCB000880105), binds one socket sticker (YCQ000100306 / YCQ000100307) on
 * its own box, and starts then stops one free remote charge on its own box. The seeded running orders are only read.
 * The tests of a bundle run in order: the later ones use the box the first one added.
 */

const BOX: Record<Host, { id: number; serial: string }> = {
  wechat: { id: 43, serial: '86123450011591' },
  alipay: { id: 44, serial: '86123450011628' },
};
const SPARE: Record<Host, string> = { wechat: 'YCB000880104', alipay: 'YCB000880105' };
const SOCKET_STICKER: Record<Host, string> = { wechat: 'YCQ000100306', alipay: 'YCQ000100307' };
const QR = 'https://qr.sandbox.yichong.local';

/** Serial number of a seeded charging box by id (the seed's numbering). */
const serialOf = (id: number) => `8612345${String(10000 + id * 37).padStart(7, '0')}`;

/**
 * Waits until the host emulator has answered the page's latest scan call (AlipayJSBridge answers 30 ms after the call)
 * and the app has had 200 ms to act on it: for a scan whose point is that nothing happens.
 */
async function scanAnswered(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const calls = (
        window as unknown as { __hostEmulator: { callsOf(name: string): { time: number }[] } }
      ).__hostEmulator.callsOf('scan');
      const last = calls[calls.length - 1];
      return last !== undefined && Date.now() - last.time > 200;
    },
    { timeout: 15_000 },
  );
}

/** Queues the next scan result of the host emulator. */
function nextScan(page: Page, outcome: Record<string, unknown>): Promise<void> {
  return page.evaluate((o) => {
    (window as unknown as { __hostEmulator: { nextScan(o: unknown): void } }).__hostEmulator.nextScan(o);
  }, outcome);
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: scanning devices and sockets', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();
  const box = BOX[host];

  it('adds a stock box by scanning; failed scans, bar codes and the manual input behave per host', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const name = `扫码测试站-${host === 'wechat' ? '微信' : '支付宝'}-${Date.now().toString(36)}`;
    const site = { name, id: await createSite(call, name, { address: '文一西路100号' }) };
    await page.goto(`${baseUrl}/site/siteInfo/facilityList/facilityCode?siteId=${site.id}`);
    await waitForText(page, site.name);
    await page.waitForSelector('[data-testid="scan-button"]', { timeout: 15_000 });

    if (host === 'wechat') {
      // A failed scan: the platform alerts 无法识别; no hint about bar codes in WeChat.
      expect(await page.$('[data-testid="scan-hint"]')).toBeNull();
      await nextScan(page, { fail: true });
      await press(page, '[data-testid="scan-button"]');
      await answerDialog(page, '确定', '无法识别');
      // A QR label as a URL with ?sn=.
      await nextScan(page, { text: `https://d.example.com/device?sn=${box.serial}`, type: 'qr' });
      await press(page, '[data-testid="scan-button"]');
    } else {
      await waitForText(page, '支付宝仅支持扫描二维码，条形码请手动输入');
      // A bar code cannot be scanned in Alipay: nothing happens, the manual input stays.
      await nextScan(page, { text: box.serial, type: 'bar' });
      await press(page, '[data-testid="scan-button"]');
      await scanAnswered(page);
      expect(await page.$('[data-testid="scan-card"]')).toBeNull();
      await typeInto(page, 'serialNumber', box.serial);
      await clickText(page, '确定', '[data-testid="scan-manual"] button');
    }
    await page.waitForSelector('[data-testid="scan-card"]', { timeout: 15_000 });
    expect(await textOf(page, '[data-testid="scan-card-serial"]')).toBe(box.serial);
    expect(await textOf(page, '[data-testid="scan-card-binding"]')).toBe('未绑定');
    await typeInto(page, 'remark', '扫码1号机');
    await clickText(page, '确认添加');
    await answerDialog(page, '跳过', '是否为该设备绑定备用二维码？');
    await waitForText(page, '本次已添加（1）');

    // The sandbox has it on the site with its 10 sockets; the same code again is refused locally.
    const list = await call.get<ChargerListOfBox>(`/api/box/getChargerListByBoxCode?boxCode=${box.serial}`);
    expect(list).toMatchObject({ siteId: site.id, remark: '扫码1号机' });
    expect(list.chargers).toHaveLength(10);
    await typeInto(page, 'serialNumber', box.serial);
    await clickText(page, '确定', '[data-testid="scan-manual"] button');
    await waitForText(page, '该设备已添加');

    // The site's device list (developer B's screen) shows it.
    await page.goto(`${baseUrl}/site/siteInfo/facilityList?siteId=${site.id}`);
    await waitForText(page, box.serial);
    await context.close();
  });

  it('binds and releases a spare code, and binds a socket sticker, each after a confirmation', async () => {
    const { page, context } = await openDemoPhone(browser(), baseUrl, host);
    await page.goto(`${baseUrl}/site/siteInfo/facilityList/facilityCode/spareQcode?boxId=${box.id}`);
    await waitForText(page, '未绑定备用二维码');
    // A device code where a sticker is expected is refused.
    await nextScan(page, { text: box.serial, type: 'qr' });
    await clickText(page, '扫码绑定');
    await waitForText(page, '这是设备码，请扫描二维码贴纸');
    await nextScan(page, { text: `${QR}/q/${SPARE[host]}`, type: 'qr' });
    await clickText(page, '扫码绑定');
    await answerDialog(page, '确定', `将备用码 ${SPARE[host]} 绑定到设备 ${box.serial}？`);
    await waitForTextOf(page, '[data-testid="spare-code-value"]', SPARE[host]);
    await page.waitForSelector(`img[data-qr="${QR}/q/${SPARE[host]}"]`, { timeout: 15_000 });
    await clickText(page, '解除绑定');
    await answerDialog(page, '解绑', '解绑后该备用码扫码将无法充电，确定解绑？');
    await waitForText(page, '未绑定备用二维码');

    await page.goto(`${baseUrl}/site/socket/qrcode?boxId=${box.id}`);
    await page.waitForSelector('[data-testid="socket-10"]', { timeout: 15_000 });
    await page.waitForSelector(`img[data-qr="${QR}/c/${box.serial}-1"]`);
    await nextScan(page, { text: `${QR}/q/${SOCKET_STICKER[host]}`, type: 'qr' });
    await page.evaluate(() => {
      const cell = document.querySelector('[data-testid="socket-1"]');
      [...(cell?.querySelectorAll<HTMLElement>('button') ?? [])].find((b) => b.innerText === '更换二维码')?.click();
    });
    await answerDialog(page, '确定', '将该二维码绑定到1号插座？');
    await page.waitForSelector(`img[data-qr="${QR}/q/${SOCKET_STICKER[host]}"]`, { timeout: 15_000 });
    expect(await textOf(page, '[data-testid="socket-1"]')).toContain('自定义码');
    await context.close();
  });

  it('socket detail: the running order and its power curve; remote start and stop on the run’s own box', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    // Find a seeded running order (sites 1 and 3) with power samples: not one another test file started on this
    // sandbox a moment ago (its first sample comes after 5 minutes), whichever files ran here before.
    let running: { chargerId: number } | null = null;
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 19, 20, 21, 22, 23, 24, 25, 26]) {
      const list = await call.get<ChargerListOfBox>(`/api/box/getChargerListByBoxCode?boxCode=${serialOf(id)}`);
      for (const charging of list.chargers.filter((c) => c.status === 1 || c.status === 2)) {
        const d = await call.get<ConnectorDetail>(`/api/box/getConnectorDetail?chargerId=${charging.chargerId}`);
        const orderNo = d.currentOrder?.orderNo;
        if (!orderNo) continue;
        const samples = await call.get<PowerChart>(`/api/charger/powerCharts?orderNo=${orderNo}`);
        if (samples.points.length > 0) {
          running = charging;
          break;
        }
      }
      if (running) break;
    }
    if (!running) throw new Error('the demo has running orders with power samples on sites 1 and 3');
    // The curves the page is answered (it reads the curve again every 30 s; a new sample may raise its maximum).
    const charts: PowerChart[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/charger/powerCharts')) return;
      void response
        .json()
        .then((body: { data: PowerChart }) => charts.push(body.data))
        .catch(() => undefined);
    });
    await page.goto(`${baseUrl}/site/socket/socketInfo?chargerId=${running.chargerId}`);
    await page.waitForSelector('[data-testid="socket-order-no"]', { timeout: 15_000 });
    const detail = await call.get<ConnectorDetail>(`/api/box/getConnectorDetail?chargerId=${running.chargerId}`);
    expect(await textOf(page, '[data-testid="socket-title"]')).toBe(`${detail.serialNumber}-${detail.socketNo}`);
    expect(await textOf(page, '[data-testid="socket-order-no"]')).toBe(detail.currentOrder?.orderNo);
    // 当前订单 (issue 13 item 6): each value on its label's line, the label on one line at the left, the value after it.
    const rows = await page.$$eval('[data-testid="socket-order"] dl > div', (lines) =>
      lines.map((line) => {
        const box = (el: Element | null) => {
          const r = el?.getBoundingClientRect();
          return { top: r?.top ?? 0, bottom: r?.bottom ?? 0, left: r?.left ?? 0, right: r?.right ?? 0 };
        };
        const label = line.querySelector('dt');
        const range = document.createRange();
        if (label) range.selectNodeContents(label);
        return {
          label: label?.textContent ?? '',
          labelLines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
          dt: box(label),
          dd: box(line.querySelector('dd')),
        };
      }),
    );
    expect(rows.map((r) => r.label)).toEqual([
      '订单号',
      '支付方式',
      '支付金额',
      '开始时间',
      '已充',
      '剩余',
      '已用电',
      '当前功率',
      '用户',
    ]);
    for (const { label, labelLines, dt, dd } of rows) {
      expect(labelLines, `${label}: one line`).toBe(1);
      expect(dd.top < dt.bottom && dt.top < dd.bottom, `${label}: its value on its line`).toBe(true);
      expect(dt.right, `${label}: its value to its right`).toBeLessThanOrEqual(dd.left);
    }
    // The 二维码 button is the design's outline button (primary border and text), not the browser's black-edged one.
    const qrButton = await page.$$eval('button', (buttons) => {
      const button = buttons.find((b) => b.textContent?.trim() === '二维码');
      if (!button) return null;
      const style = getComputedStyle(button);
      return { outline: style.outlineStyle, border: style.borderTopColor, color: style.color };
    });
    expect(qrButton).not.toBeNull();
    expect(qrButton?.outline).toBe('none');
    expect(qrButton?.border).not.toBe('rgb(0, 0, 0)');
    expect(qrButton?.border).toBe(qrButton?.color);
    // No link's label breaks inside itself, at 390 px nor at 320 px (远程充电记录 then takes a line of its own).
    for (const width of [390, 320]) {
      await page.setViewport({ width, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      const labels = await page.$$eval(`${byTestId('socket-links')} button`, (buttons) =>
        buttons.map((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          return [button.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
        }),
      );
      expect(labels, `${width} px`).toEqual([
        ['二维码', 1],
        ['充电记录', 1],
        ['远程充电记录', 1],
      ]);
    }
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    // The demo builder (site:view, no order:view, no remote:charge) is offered the QR code only.
    const builder = await openDemoPhone(browser(), baseUrl, host, '13800138005');
    await builder.page.goto(`${baseUrl}/site/socket/socketInfo?chargerId=${running.chargerId}`);
    await builder.page.waitForSelector(byTestId('socket-links'), { timeout: 15_000 });
    expect(await builder.page.$$eval(`${byTestId('socket-links')} button`, (b) => b.map((x) => x.textContent))).toEqual(
      ['二维码'],
    );
    await builder.context.close();
    await page.waitForSelector('[data-testid="power-chart-plot"] canvas', { timeout: 15_000 });
    await page.waitForFunction(
      () => /^最大 \d+W$/.test(document.querySelector('[data-testid="power-max"]')?.textContent ?? ''),
      { timeout: 15_000 },
    );
    // The maximum shown is that of a curve the page was answered, one with samples.
    const shown = await textOf(page, '[data-testid="power-max"]');
    await expect
      .poll(() => charts.filter((c) => c.points.length > 0).map((c) => `最大 ${c.maxPower}W`))
      .toContain(shown);

    // Remote start and stop on socket 2 of this run's own box.
    const own = await call.get<ChargerListOfBox>(`/api/box/getChargerListByBoxCode?boxCode=${box.serial}`);
    const socket = own.chargers[1];
    if (!socket) throw new Error('the run’s box has sockets');
    await page.goto(`${baseUrl}/site/socket/socketInfo?chargerId=${socket.chargerId}`);
    await waitForText(page, '暂无充电数据');
    await clickText(page, '远程启动');
    await page.waitForSelector('[data-testid="remote-start-sheet"]', { visible: true });
    await clickText(page, '确定启动');
    await waitForText(page, '请选择充电时长');
    await clickText(page, '30分钟');
    await clickText(page, '设备测试');
    await clickText(page, '确定启动');
    await answerDialog(page, '确定', '远程启动不收取费用，确定为2号插座启动30分钟？');
    await waitForText(page, '启动指令已下发');
    await page.waitForSelector('[data-testid="socket-order-no"]', { timeout: 15_000 });
    expect(await bodyText(page)).toContain('远程');
    await clickText(page, '结束充电');
    await answerDialog(page, '结束充电', '确定结束当前充电？未用金额将按规则退还用户');
    await waitForText(page, '已结束充电');
    await page.waitForFunction(() => !document.querySelector('[data-testid="socket-order-no"]'), { timeout: 15_000 });
    const after = await call.get<ConnectorDetail>(`/api/box/getConnectorDetail?chargerId=${socket.chargerId}`);
    expect(after).toMatchObject({ status: 0, currentOrder: null });
    await context.close();
  });
});
