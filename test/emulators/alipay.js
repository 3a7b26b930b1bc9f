/*
 * Emulator of Alipay's in-app browser bridge (AlipayJSBridge), for the end-to-end tests and the sandbox's desktop
 * preview. A plain browser script (ES2017, no imports), injected before the app; never part of a bundle.
 *
 * - user agent: when the page's user agent is not Alipay's (desktop preview), navigator.userAgent becomes a real
 *   Alipay one for the chosen OS (window.__EMULATOR_CONFIG__ = { os: 'ios' | 'android', askScan?: true }: askScan makes a scan
 *   that nothing queued ask the person what to scan);
 * - AlipayJSBridge.call(name, options, callback), injected asynchronously and announced with AlipayJSBridgeReady;
 * - scan (type 'qr' only: a bar code cannot be scanned and fails) → { qrCode } or { error, errorMessage }
 *   (10 = cancelled); closeWebview; imageViewer;
 * - the cashier (tradePay { tradeNO }): the outcome queued by nextPay, else a cashier sheet over the page (amount and
 *   subject from the sandbox; 确认支付 / 取消 / 模拟失败). The outcome goes to the sandbox's Alipay (POST
 *   /__sandbox/pay/alipay/cashier: a paid trade makes the sandbox receive Alipay's asynchronous notification); the
 *   page's callback gets { resultCode: '9000' } only when the platform took the payment, '6001' when cancelled, '4000'
 *   otherwise.
 * - scripted host behaviour (window.__EMULATOR_CONFIG__): bridgeDelayMs (the bridge appears that long after the page
 *   starts).
 * Control and inspection (window.__hostEmulator): nextScan({ text, type } | { fail: true } | { cancel: true }),
 * nextPay('ok'|'cancel'|'fail'), calls, closedAt, payResults (what the platform answered each payment).
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
      default:
        return {};
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

  /** The cashier of a tradePay: the queued outcome or the person's choice, told to the sandbox's Alipay. */
  function cashier(options) {
    var tradeNO = String((options && options.tradeNO) || '');
    var chosen =
      pays.length > 0
        ? Promise.resolve(pays.shift())
        : cashierSheet('支付宝', '#1677ff', '/__sandbox/pay/order?tradeNO=' + encodeURIComponent(tradeNO));
    return chosen.then(function (outcome) {
      return fetch('/__sandbox/pay/alipay/cashier', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tradeNO: tradeNO, outcome: outcome === 'ok' ? 'pay' : outcome }),
      })
        .then(function (res) {
          return res.json();
        })
        .then(function (body) {
          var data = (body && body.data) || {};
          emulator.payResults.push({ outcome: outcome, result: data.result, message: data.message || null });
          return { resultCode: data.result === 'ok' ? '9000' : data.result === 'cancel' ? '6001' : '4000' };
        })
        .catch(function () {
          emulator.payResults.push({ outcome: outcome, result: 'fail', message: 'network' });
          return { resultCode: '4000' };
        });
    });
  }

  var bridge = {
    call: function (name, options, callback) {
      if (typeof options === 'function') {
        callback = options;
        options = {};
      }
      emulator.calls.push({ name: name, args: options ? JSON.parse(JSON.stringify(options)) : {}, time: Date.now() });
      if (name === 'tradePay') {
        cashier(options || {}).then(function (result) {
          if (callback) callback(result);
        });
        return;
      }
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
  }, config.bridgeDelayMs || 0);
})();
