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
 * - the cashier (chooseWXPay → getBrandWCPayRequest): the outcome queued by nextPay, else a cashier sheet over the page
 *   (amount and subject from the sandbox; buttons 确认支付 / 取消 / 模拟失败). The outcome goes to the sandbox's WeChat
 *   Pay (POST /__sandbox/pay/wechat/cashier with the parameters: it checks paySign, and a paid order makes the sandbox
 *   receive WeChat Pay's asynchronous notification); the page's callback gets err_msg
 *   "get_brand_wcpay_request:ok" only when the platform took the payment, ":cancel" or ":fail" otherwise.
 * - wx.config's signature, as the platform checks it for the OS it plays. iOS binds the JS-SDK to the address the page
 *   was entered at (history pushes do not change it): one configuration per page load, signed for that address.
 *   Android binds it to the address current when wx.config runs: after a history push the page must configure again,
 *   signed for its new address, before it uses an ability. Both without `#…`. With config.jsapiTicket (the sandbox's
 *   ticket; test/e2e and the sandbox's preview give it) the emulator recomputes the signature (sha1 of jsapi_ticket,
 *   noncestr, timestamp and url) for the address the rule names; without it (an environment whose ticket it cannot
 *   know) it checks only that a signature was given. An ability of the configured list (scan, pay, image preview,
 *   voice) used with no valid configuration for the page answers "name:permission denied", as the platform does.
 *   The bridge answers its calls one at a time, in the order they were made (a call made while wx.config is being
 *   verified is answered after it).
 * - scripted host behaviour (window.__EMULATOR_CONFIG__): configFails (every wx.config is refused), bridgeDelayMs (the
 *   bridge appears that long after the page starts).
 * Control and inspection (window.__hostEmulator): nextScan({ text, type: 'qr'|'bar' } | { fail: true } |
 * { cancel: true }), nextPay('ok'|'cancel'|'fail'), calls (every bridge call with its time, and its answer's err_msg
 * once answered), config (the last preVerifyJSAPI arguments), configs (every configuration: { url it was checked for,
 * ok, verified: true when the signature was recomputed }), landingUrl, closedAt (epoch ms of closeWindow, or null),
 * payResults (what the platform answered each payment: { outcome, result, message }).
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
  /** The address the page was entered at, without `#…` (what iOS signs). */
  var landingUrl = location.href.split('#')[0];
  /** The address the last valid wx.config was signed for, or null (no valid configuration). */
  var configuredUrl = null;
  /** The abilities of wx.config's list that need a valid configuration (their bridge names). */
  var GUARDED = ['scanQRCode', 'getBrandWCPayRequest', 'imagePreview', 'translateVoice'];
  var emulator = {
    platform: 'wechat',
    os: os,
    landingUrl: landingUrl,
    calls: [],
    config: null,
    configs: [],
    closedAt: null,
    payResults: [],
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
    var call = { name: name, args: args ? JSON.parse(JSON.stringify(args)) : {}, time: Date.now(), answer: null };
    emulator.calls.push(call);
    return call;
  }

  /** SHA-1 of `text` in lowercase hex (the JS-SDK signature's digest). */
  function sha1(text) {
    return crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)).then(function (buffer) {
      return Array.prototype.map
        .call(new Uint8Array(buffer), function (byte) {
          return ('0' + byte.toString(16)).slice(-2);
        })
        .join('');
    });
  }

  /**
   * wx.config's check (preVerifyJSAPI): the address the platform signs for this OS (iOS: where the page was entered;
   * Android: where it is now), the signature recomputed with the ticket when the emulator has one.
   */
  function verifyConfig(args) {
    emulator.config = args;
    var url = os === 'ios' ? landingUrl : location.href.split('#')[0];
    var given = args && args.verifySignature && args.verifyAppId;
    var check =
      config.configFails || !given
        ? Promise.resolve({ ok: false, verified: false })
        : config.jsapiTicket
          ? sha1(
              'jsapi_ticket=' +
                config.jsapiTicket +
                '&noncestr=' +
                args.verifyNonceStr +
                '&timestamp=' +
                args.verifyTimestamp +
                '&url=' +
                url,
            ).then(function (expected) {
              return { ok: expected === args.verifySignature, verified: true };
            })
          : Promise.resolve({ ok: true, verified: false });
    return check.then(function (outcome) {
      emulator.configs.push({ url: url, ok: outcome.ok, verified: outcome.verified });
      configuredUrl = outcome.ok ? url : null;
      return outcome.ok ? { err_msg: 'config:ok' } : { err_msg: 'config:fail', errMsg: 'config:invalid signature' };
    });
  }

  /** True when the page may use an ability now: configured, and (Android) for the address it is at. */
  function permitted() {
    if (configuredUrl === null) return false;
    return os === 'ios' || configuredUrl === location.href.split('#')[0];
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

  /** The answer to a bridge call (a value, or a promise of one). */
  function answer(name, args) {
    if (name === 'preVerifyJSAPI') return verifyConfig(args);
    if (GUARDED.indexOf(name) >= 0 && !permitted()) return { err_msg: name + ':permission denied' };
    if (name === 'getBrandWCPayRequest') return cashier(args || {});
    switch (name) {
      case 'getNetworkType':
        return { err_msg: 'network_type:wifi', subtype: 'wifi' };
      case 'scanQRCode':
        return scanAnswer();
      case 'closeWindow':
        close();
        return { err_msg: 'closeWindow:ok' };
      default:
        return { err_msg: name + ':ok' };
    }
  }

  /**
   * The cashier sheet of a payment nothing queued (desktop preview, or a test that taps it): the order's amount and
   * subject as the sandbox's platform holds them, and 确认支付 / 取消 / 模拟失败. Resolves 'ok', 'cancel' or 'fail'.
   */
  function cashierSheet(title, colour, orderUrl) {
    return new Promise(function (resolve) {
      var cover = document.createElement('div');
      cover.id = '__emulator_cashier';
      cover.setAttribute(
        'style',
        'position:fixed;inset:0;z-index:99998;background:rgba(0,0,0,.55);display:flex;align-items:flex-end;' +
          'font:15px -apple-system,"PingFang SC",sans-serif',
      );
      var sheet = document.createElement('div');
      sheet.setAttribute('style', 'background:#fff;width:100%;border-radius:12px 12px 0 0;padding:20px 16px 28px');
      var head = document.createElement('div');
      head.setAttribute('style', 'text-align:center;color:#888;font-size:13px');
      head.textContent = title + '（沙箱模拟收银台）';
      var subject = document.createElement('div');
      subject.id = '__emulator_cashier_subject';
      subject.setAttribute('style', 'text-align:center;margin-top:12px;color:#333');
      var amount = document.createElement('div');
      amount.id = '__emulator_cashier_amount';
      amount.setAttribute('style', 'text-align:center;font-size:32px;font-weight:600;margin:8px 0 20px');
      amount.textContent = '…';
      sheet.appendChild(head);
      sheet.appendChild(subject);
      sheet.appendChild(amount);
      function button(id, text, outcome, style) {
        var b = document.createElement('button');
        b.id = id;
        b.type = 'button';
        b.textContent = text;
        b.setAttribute(
          'style',
          'display:block;width:100%;height:44px;border-radius:8px;font-size:16px;margin-top:10px;border:0;' + style,
        );
        b.addEventListener('click', function () {
          cover.remove();
          resolve(outcome);
        });
        sheet.appendChild(b);
      }
      button('__emulator_cashier_pay', '确认支付', 'ok', 'background:' + colour + ';color:#fff');
      button('__emulator_cashier_cancel', '取消', 'cancel', 'background:#f2f3f5;color:#333');
      button('__emulator_cashier_fail', '模拟失败', 'fail', 'background:#fff;color:#e34d59;border:1px solid #e34d59');
      cover.appendChild(sheet);
      (document.body || document.documentElement).appendChild(cover);
      fetch(orderUrl)
        .then(function (res) {
          return res.json();
        })
        .then(function (body) {
          if (!body || body.code !== 0) return;
          amount.textContent = '¥' + (body.data.amount / 100).toFixed(2);
          subject.textContent = body.data.subject;
        })
        .catch(function () {
          amount.textContent = '--';
        });
    });
  }

  /**
   * The cashier of a chooseWXPay: the queued outcome or the person's choice on the sheet, told to the sandbox's WeChat
   * Pay; resolves the err_msg of the page's callback.
   */
  function cashier(args) {
    var prepayId = String((args && args.package) || '').replace(/^prepay_id=/, '');
    var chosen =
      pays.length > 0
        ? Promise.resolve(pays.shift())
        : cashierSheet('微信支付', '#07c160', '/__sandbox/pay/order?prepayId=' + encodeURIComponent(prepayId));
    return chosen.then(function (outcome) {
      return fetch('/__sandbox/pay/wechat/cashier', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          timeStamp: String(args.timeStamp),
          nonceStr: args.nonceStr,
          package: args.package,
          signType: args.signType,
          paySign: args.paySign,
          outcome: outcome === 'ok' ? 'pay' : outcome,
        }),
      })
        .then(function (res) {
          return res.json();
        })
        .then(function (body) {
          var data = (body && body.data) || {};
          emulator.payResults.push({ outcome: outcome, result: data.result, message: data.message || null });
          return {
            err_msg:
              'get_brand_wcpay_request:' + (data.result === 'ok' ? 'ok' : data.result === 'cancel' ? 'cancel' : 'fail'),
          };
        })
        .catch(function () {
          emulator.payResults.push({ outcome: outcome, result: 'fail', message: 'network' });
          return { err_msg: 'get_brand_wcpay_request:fail' };
        });
    });
  }

  /** The calls answered so far: each call is answered after the one made before it. */
  var queue = Promise.resolve();
  var bridge = {
    invoke: function (name, args, callback) {
      var call = record(name, args);
      queue = queue.then(function () {
        return Promise.resolve(answer(name, args)).then(function (result) {
          call.answer = result.err_msg;
          return new Promise(function (resolve) {
            setTimeout(function () {
              if (callback) callback(result);
              resolve();
            }, 30);
          });
        });
      });
    },
    call: function (name, args, callback) {
      if (typeof args === 'function') {
        callback = args;
        args = {};
      }
      var call = record(name, args);
      Promise.resolve(answer(name, args)).then(function (result) {
        call.answer = result.err_msg;
        if (callback) callback(result);
      });
    },
    on: function (event) {
      record('on:' + event, {});
    },
  };

  setTimeout(function () {
    window.WeixinJSBridge = bridge;
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  }, config.bridgeDelayMs || 0);
})();
