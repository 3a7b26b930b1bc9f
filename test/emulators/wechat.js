/*
 * Emulator of WeChat's in-app browser bridge (WeixinJSBridge), for the end-to-end tests and the sandbox's desktop
 * preview. A plain browser script (ES2017, no imports), injected before the app; never part of a bundle.
 *
 * What it does, as the real host does it for the official weixin-js-sdk (ARCHITECTURE.md "Host emulation"):
 * - user agent: when the page's user agent is not WeChat's (desktop preview), navigator.userAgent becomes a real
 *   WeChat one for the chosen OS (window.__EMULATOR_CONFIG__ = { os: 'ios' | 'android', askScan?: true }: askScan makes a scan
 *   that nothing queued ask the person what to scan);
 * - WeixinJSBridge.invoke(name, args, callback) answering with err_msg "name:ok" / ":fail" / ":cancel";
 *   wx.config arrives as preVerifyJSAPI; chooseWXPay as getBrandWCPayRequest; previewImage as imagePreview;
 * - the bridge appears asynchronously and announces itself with the WeixinJSBridgeReady event;
 * - scan results: iOS JSON { scan_code: { scan_result } } in resultStr, Android plain text; a bar code comes as
 *   "CODE_128,<digits>".
 * Control and inspection (window.__hostEmulator): nextScan({ text, type: 'qr'|'bar' } | { fail: true } |
 * { cancel: true }), nextPay('ok'|'cancel'|'fail'), calls (every bridge call with its time), config (the last
 * preVerifyJSAPI arguments), closedAt (epoch ms of closeWindow, or null).
 */
(function () {
  'use strict';
  var config = window.__EMULATOR_CONFIG__ || {};
  var UA = {
    ios:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
      'MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
    android:
      'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MMWEBID/2585 ' +
      'MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  };
  var os = config.os || (/iPhone|iPad/i.test(navigator.userAgent) ? 'ios' : 'android');
  if (!/MicroMessenger/i.test(navigator.userAgent)) {
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
    platform: 'wechat',
    os: os,
    calls: [],
    config: null,
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

  function record(name, args) {
    emulator.calls.push({ name: name, args: args ? JSON.parse(JSON.stringify(args)) : {}, time: Date.now() });
  }

  function close() {
    emulator.closedAt = Date.now();
    var cover = document.createElement('div');
    cover.id = '__emulator_closed';
    cover.setAttribute(
      'style',
      'position:fixed;inset:0;z-index:99999;background:#ededed;color:#888;display:flex;' +
        'align-items:center;justify-content:center;font:14px sans-serif',
    );
    cover.textContent = '页面已关闭（微信模拟）';
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

  function scanAnswer() {
    var next = nextScanOutcome();
    if (next.fail) return { err_msg: 'scanQRCode:fail' };
    if (next.cancel) return { err_msg: 'scanQRCode:cancel' };
    var text = next.type === 'bar' ? 'CODE_128,' + next.text : next.text;
    var resultStr =
      os === 'ios'
        ? JSON.stringify({ scan_code: { scan_result: text, scan_type: next.type === 'bar' ? 'barcode' : 'qrcode' } })
        : text;
    return { err_msg: 'scanQRCode:ok', resultStr: resultStr };
  }

  function answer(name, args) {
    switch (name) {
      case 'preVerifyJSAPI':
        emulator.config = args;
        return args && args.verifySignature && args.verifyAppId
          ? { err_msg: 'config:ok' }
          : { err_msg: 'config:fail', errMsg: 'config:invalid signature' };
      case 'getNetworkType':
        return { err_msg: 'network_type:wifi', subtype: 'wifi' };
      case 'scanQRCode':
        return scanAnswer();
      case 'getBrandWCPayRequest': {
        var pay = pays.shift() || 'ok';
        return { err_msg: 'get_brand_wcpay_request:' + pay };
      }
      case 'closeWindow':
        close();
        return { err_msg: 'closeWindow:ok' };
      default:
        return { err_msg: name + ':ok' };
    }
  }

  var bridge = {
    invoke: function (name, args, callback) {
      record(name, args);
      var result = answer(name, args);
      setTimeout(function () {
        if (callback) callback(result);
      }, 30);
    },
    call: function (name, args, callback) {
      if (typeof args === 'function') {
        callback = args;
        args = {};
      }
      record(name, args);
      var result = answer(name, args);
      if (callback)
        setTimeout(function () {
          callback(result);
        }, 0);
    },
    on: function (event) {
      record('on:' + event, {});
    },
  };

  setTimeout(function () {
    window.WeixinJSBridge = bridge;
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  }, 0);
})();
