/*
 * Emulator of Alipay's in-app browser bridge (AlipayJSBridge), for the end-to-end tests and the sandbox's desktop
 * preview. A plain browser script (ES2017, no imports), injected before the app; never part of a bundle.
 *
 * - user agent: when the page's user agent is not Alipay's (desktop preview), navigator.userAgent becomes a real
 *   Alipay one for the chosen OS (window.__EMULATOR_CONFIG__ = { os: 'ios' | 'android', askScan?: true }: askScan makes a scan
 *   that nothing queued ask the person what to scan);
 * - AlipayJSBridge.call(name, options, callback), injected asynchronously and announced with AlipayJSBridgeReady;
 * - scan (type 'qr' only: a bar code cannot be scanned and fails) → { qrCode } or { error, errorMessage }
 *   (10 = cancelled); closeWebview; tradePay → { resultCode: '9000' | '6001' | '4000' }; imageViewer.
 * Control and inspection (window.__hostEmulator): nextScan({ text, type } | { fail: true } | { cancel: true }),
 * nextPay('ok'|'cancel'|'fail'), calls, closedAt.
 */
(function () {
  'use strict';
  var config = window.__EMULATOR_CONFIG__ || {};
  var UA = {
    ios:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
      'ChannelId(1) Ariver/1.1.0 AliApp(AP/10.5.30.6000) Nebula WK RVKType(0) AlipayDefined(nt:WIFI,ws:390|780|3.0) ' +
      'AlipayClient/10.5.30.6000 Language/zh-Hans Region/CN NebulaX/1.0.0',
    android:
      'Mozilla/5.0 (Linux; U; Android 13; zh-CN; V2148A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Version/4.0 Chrome/116.0.0.0 UWS/3.22.2.64 Mobile Safari/537.36 NebulaSDK/1.8.100112 Nebula ' +
      'AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.5.36.8100) AlipayClient/10.5.36.8100 Language/zh-Hans ' +
      'useStatusBar/true Region/CN Ariver/1.0.0',
  };
  var os = config.os || (/iPhone|iPad/i.test(navigator.userAgent) ? 'ios' : 'android');
  if (!/AlipayClient/i.test(navigator.userAgent)) {
    var ua = UA[os] || UA.android;
    Object.defineProperty(Navigator.prototype, 'userAgent', {
      get: function () {
        return ua;
      },
      configurable: true,
    });
  }

  var scans = [];
  var pays = [];
  var emulator = {
    platform: 'alipay',
    os: os,
    calls: [],
    closedAt: null,
    nextScan: function (outcome) {
      scans.push(outcome);
    },
    nextPay: function (outcome) {
      pays.push(outcome);
    },
    callsOf: function (name) {
      return emulator.calls.filter(function (c) {
        return c.name === name;
      });
    },
  };
  window.__hostEmulator = emulator;

  function close() {
    emulator.closedAt = Date.now();
    var cover = document.createElement('div');
    cover.id = '__emulator_closed';
    cover.setAttribute(
      'style',
      'position:fixed;inset:0;z-index:99999;background:#f5f5f5;color:#888;display:flex;' +
        'align-items:center;justify-content:center;font:14px sans-serif',
    );
    cover.textContent = '页面已关闭（支付宝模拟）';
    (document.body || document.documentElement).appendChild(cover);
  }

  /**
   * The outcome of the next scan: the one queued by nextScan, else (desktop preview, config.askScan) what the person
   * types in a prompt — digits only are a bar code, anything else a QR code, nothing or Cancel cancels — else a
   * fixed QR text.
   */
  function nextScanOutcome() {
    if (scans.length > 0) return scans.shift();
    if (config.askScan) {
      var typed = window.prompt('扫码（沙箱模拟）：输入二维码内容或设备条码', '');
      if (typed === null || typed.trim() === '') return { cancel: true };
      typed = typed.trim();
      return { text: typed, type: /^\d+$/.test(typed) ? 'bar' : 'qr' };
    }
    return { text: 'https://q.example.com/q/SANDBOX001', type: 'qr' };
  }

  function answer(name, options) {
    switch (name) {
      case 'scan': {
        var next = nextScanOutcome();
        if (next.cancel) return { error: 10, errorMessage: '用户取消' };
        if (next.fail || next.type === 'bar' || (options && options.type && options.type !== 'qr')) {
          return { error: 11, errorMessage: '扫码失败' };
        }
        return { qrCode: next.text };
      }
      case 'closeWebview':
        close();
        return {};
      case 'tradePay': {
        var pay = pays.shift() || 'ok';
        return { resultCode: pay === 'ok' ? '9000' : pay === 'cancel' ? '6001' : '4000' };
      }
      default:
        return {};
    }
  }

  var bridge = {
    call: function (name, options, callback) {
      if (typeof options === 'function') {
        callback = options;
        options = {};
      }
      emulator.calls.push({ name: name, args: options ? JSON.parse(JSON.stringify(options)) : {}, time: Date.now() });
      var result = answer(name, options);
      if (callback)
        setTimeout(function () {
          callback(result);
        }, 30);
    },
  };

  setTimeout(function () {
    window.AlipayJSBridge = bridge;
    document.dispatchEvent(new Event('AlipayJSBridgeReady'));
  }, 0);
})();
