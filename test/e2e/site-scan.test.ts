import type { Page } from 'puppeteer';
import { describe, expect, inject, it } from 'vitest';
import type { ChargerListOfBox, ConnectorDetail, PowerChart } from '../../src/api/device-setup';
import {
  api,
  authorizeAndBindByPassword,
  bodyText,
  clickText,
  openPhone,
  sharedBrowser,
  storedToken,
  typeInto,
  waitForText,
  type Host,
} from './helpers';

/**
 * Adding devices by scanning, the spare QR code, the socket QR codes and the socket detail (B-site.md §3, §0.4) in
 * both bundles, with the hosts' scan emulation. Data changed in the shared sandbox: each run creates its own site
 * (扫码测试站-微信-… / 扫码测试站-支付宝-…) and binds a free stock box to it (43 in WeChat, 44 in Alipay), binds then
 * releases one spare sticker (YCB000880104 / YCB000880105), binds one socket sticker (YCQ000100306 / YCQ000100307) on
 * its own box, and starts then stops one free remote charge on its own box. The seeded running orders are only read.
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

/** Queues the next scan result of the host emulator. */
function nextScan(page: Page, outcome: Record<string, unknown>): Promise<void> {
  return page.evaluate((o) => {
    (window as unknown as { __hostEmulator: { nextScan(o: unknown): void } }).__hostEmulator.nextScan(o);
  }, outcome);
}

/** Creates a site of the demo operator for this run. */
async function createSite(baseUrl: string, token: string, host: Host): Promise<{ id: number; name: string }> {
  const name = `扫码测试站-${host === 'wechat' ? '微信' : '支付宝'}-${Date.now().toString(36)}`;
  const answer = await api<{ id: number }>(
    baseUrl,
    'POST',
    '/api/r9/site/addSite',
    {
      name,
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '文一西路100号',
      longitude: 120.123456,
      latitude: 30.281234,
      contacts: '测试',
      contactsPhone: '13800138099',
      servicePhone: '400-800-1234',
      merchantId: null,
      siteShareRule: {
        shareMode: 2,
        electricBearer: 1,
        electricPrice: 0,
        channelFeeBearer: 1,
        platformFeeBearer: 1,
        parties: [],
      },
    },
    token,
  );
  if (answer.code !== 0) throw new Error(`addSite failed: ${answer.message}`);
  return { id: answer.data.id, name };
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: scanning devices and sockets', (host) => {
  const baseUrl = inject('baseUrl');
  const browser = sharedBrowser();
  const box = BOX[host];

  it('adds a stock box by scanning; failed scans, bar codes and the manual input behave per host', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindByPassword(page, baseUrl, host);
    const token = (await storedToken(page)) ?? '';
    const site = await createSite(baseUrl, token, host);
    await page.goto(`${baseUrl}/site/siteInfo/facilityList/facilityCode?siteId=${site.id}`);
    await waitForText(page, site.name);
    await page.waitForSelector('[data-testid="scan-button"]', { timeout: 15_000 });

    if (host === 'wechat') {
      // A failed scan: the platform alerts 无法识别; no hint about bar codes in WeChat.
      expect(await page.$('[data-testid="scan-hint"]')).toBeNull();
      await nextScan(page, { fail: true });
      await page.click('[data-testid="scan-button"]');
      await waitForText(page, '无法识别');
      await clickText(page, '确定', '.adm-dialog button');
      await page.waitForFunction(() => !document.querySelector('.adm-dialog'), { timeout: 15_000 });
      // A QR label as a URL with ?sn=.
      await nextScan(page, { text: `https://d.example.com/device?sn=${box.serial}`, type: 'qr' });
      await page.click('[data-testid="scan-button"]');
    } else {
      await waitForText(page, '支付宝仅支持扫描二维码，条形码请手动输入');
      // A bar code cannot be scanned in Alipay: nothing happens, the manual input stays.
      await nextScan(page, { text: box.serial, type: 'bar' });
      await page.click('[data-testid="scan-button"]');
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await page.$('[data-testid="scan-card"]')).toBeNull();
      await typeInto(page, 'serialNumber', box.serial);
      await clickText(page, '确定', '.setup-manual button');
    }
    await page.waitForSelector('[data-testid="scan-card"]', { timeout: 15_000 });
    expect(await page.$eval('[data-testid="scan-card-serial"]', (el) => el.textContent)).toBe(box.serial);
    expect(await page.$eval('[data-testid="scan-card-binding"]', (el) => el.textContent)).toBe('未绑定');
    await typeInto(page, 'remark', '扫码1号机');
    await clickText(page, '确认添加');
    await waitForText(page, '是否为该设备绑定备用二维码？');
    await clickText(page, '跳过', '.adm-dialog button');
    await waitForText(page, '本次已添加（1）');

    // The sandbox has it on the site with its 10 sockets; the same code again is refused locally.
    const list = await api<ChargerListOfBox>(
      baseUrl,
      'GET',
      `/api/box/getChargerListByBoxCode?boxCode=${box.serial}`,
      undefined,
      token,
    );
    expect(list.data).toMatchObject({ siteId: site.id, remark: '扫码1号机' });
    expect(list.data.chargers).toHaveLength(10);
    await typeInto(page, 'serialNumber', box.serial);
    await clickText(page, '确定', '.setup-manual button');
    await waitForText(page, '该设备已添加');

    // The site's device list (developer B's screen) shows it.
    await page.goto(`${baseUrl}/site/siteInfo/facilityList?siteId=${site.id}`);
    await waitForText(page, box.serial);
    await context.close();
  });

  it('binds and releases a spare code, and binds a socket sticker, each after a confirmation', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindByPassword(page, baseUrl, host);
    await page.goto(`${baseUrl}/site/siteInfo/facilityList/facilityCode/spareQcode?boxId=${box.id}`);
    await waitForText(page, '未绑定备用二维码');
    // A device code where a sticker is expected is refused.
    await nextScan(page, { text: box.serial, type: 'qr' });
    await clickText(page, '扫码绑定');
    await waitForText(page, '这是设备码，请扫描二维码贴纸');
    await nextScan(page, { text: `${QR}/q/${SPARE[host]}`, type: 'qr' });
    await clickText(page, '扫码绑定');
    await waitForText(page, `将备用码 ${SPARE[host]} 绑定到设备 ${box.serial}？`);
    await clickText(page, '确定', '.adm-dialog button');
    await page.waitForFunction(
      (code: string) => document.querySelector('[data-testid="spare-code-value"]')?.textContent === code,
      { timeout: 15_000 },
      SPARE[host],
    );
    await page.waitForSelector(`img[data-qr="${QR}/q/${SPARE[host]}"]`, { timeout: 15_000 });
    await clickText(page, '解除绑定');
    await waitForText(page, '解绑后该备用码扫码将无法充电，确定解绑？');
    await clickText(page, '解绑', '.adm-dialog button');
    await waitForText(page, '未绑定备用二维码');

    await page.goto(`${baseUrl}/site/socket/qrcode?boxId=${box.id}`);
    await page.waitForSelector('[data-testid="socket-10"]', { timeout: 15_000 });
    await page.waitForSelector(`img[data-qr="${QR}/c/${box.serial}-1"]`);
    await nextScan(page, { text: `${QR}/q/${SOCKET_STICKER[host]}`, type: 'qr' });
    await page.evaluate(() => {
      const cell = document.querySelector('[data-testid="socket-1"]');
      [...(cell?.querySelectorAll<HTMLElement>('button') ?? [])].find((b) => b.innerText === '更换二维码')?.click();
    });
    await waitForText(page, '将该二维码绑定到1号插座？');
    await clickText(page, '确定', '.adm-dialog button');
    await page.waitForSelector(`img[data-qr="${QR}/q/${SOCKET_STICKER[host]}"]`, { timeout: 15_000 });
    expect(await page.$eval('[data-testid="socket-1"]', (el) => el.textContent)).toContain('自定义码');
    await context.close();
  });

  it('socket detail: the running order and its power curve; remote start and stop on the run’s own box', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindByPassword(page, baseUrl, host);
    const token = (await storedToken(page)) ?? '';
    // Find a seeded running order (sites 1 and 3).
    let running: { chargerId: number } | null = null;
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 19, 20, 21, 22, 23, 24, 25, 26]) {
      const list = await api<ChargerListOfBox>(
        baseUrl,
        'GET',
        `/api/box/getChargerListByBoxCode?boxCode=${serialOf(id)}`,
        undefined,
        token,
      );
      const charging = list.data?.chargers.find((c) => c.status === 1 || c.status === 2);
      if (charging) {
        running = charging;
        break;
      }
    }
    if (!running) throw new Error('the demo has running orders on sites 1 and 3');
    await page.goto(`${baseUrl}/site/socket/socketInfo?chargerId=${running.chargerId}`);
    await page.waitForSelector('[data-testid="socket-order-no"]', { timeout: 15_000 });
    const detail = (
      await api<ConnectorDetail>(
        baseUrl,
        'GET',
        `/api/box/getConnectorDetail?chargerId=${running.chargerId}`,
        undefined,
        token,
      )
    ).data;
    expect(await page.$eval('[data-testid="socket-title"]', (el) => el.textContent)).toBe(
      `${detail.serialNumber}-${detail.socketNo}`,
    );
    expect(await page.$eval('[data-testid="socket-order-no"]', (el) => el.textContent)).toBe(
      detail.currentOrder?.orderNo,
    );
    const chart = (
      await api<PowerChart>(
        baseUrl,
        'GET',
        `/api/charger/powerCharts?orderNo=${detail.currentOrder?.orderNo}`,
        undefined,
        token,
      )
    ).data;
    expect(chart.points.length).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid="power-chart-plot"] canvas', { timeout: 15_000 });
    await page.waitForFunction(
      (max: number) => document.querySelector('[data-testid="power-max"]')?.textContent === `最大 ${max}W`,
      { timeout: 15_000 },
      chart.maxPower,
    );

    // Remote start and stop on socket 2 of this run's own box.
    const own = await api<ChargerListOfBox>(
      baseUrl,
      'GET',
      `/api/box/getChargerListByBoxCode?boxCode=${box.serial}`,
      undefined,
      token,
    );
    const socket = own.data.chargers[1];
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
    await waitForText(page, '远程启动不收取费用，确定为2号插座启动30分钟？');
    await clickText(page, '确定', '.adm-dialog button');
    await waitForText(page, '启动指令已下发');
    await page.waitForSelector('[data-testid="socket-order-no"]', { timeout: 15_000 });
    expect(await bodyText(page)).toContain('远程');
    await clickText(page, '结束充电');
    await waitForText(page, '确定结束当前充电？未用金额将按规则退还用户');
    await page.evaluate(() => {
      const buttons = [...document.querySelectorAll<HTMLElement>('.adm-dialog button')];
      buttons.find((b) => b.innerText.trim() === '结束充电')?.click();
    });
    await waitForText(page, '已结束充电');
    await page.waitForFunction(() => !document.querySelector('[data-testid="socket-order-no"]'), { timeout: 15_000 });
    const after = (
      await api<ConnectorDetail>(
        baseUrl,
        'GET',
        `/api/box/getConnectorDetail?chargerId=${socket.chargerId}`,
        undefined,
        token,
      )
    ).data;
    expect(after).toMatchObject({ status: 0, currentOrder: null });
    await context.close();
  });
});
