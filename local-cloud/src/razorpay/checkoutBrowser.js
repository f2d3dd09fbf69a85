/* Razorpay sandbox checkout, served by local-cloud at /razorpay/v1/checkout.js.
 * Implements the parts of window.Razorpay that merchants use: new Razorpay(options) with an order_id
 * (a payment) or a subscription_id (authorising a subscription), rzp.on(event, cb), rzp.open(),
 * rzp.close(). The dialog takes Razorpay's test cards and UPI ids and lists them; the sandbox server
 * decides the outcome and signs successful payments exactly as Razorpay does. Plain script, no
 * dependencies. */
(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.__sandbox) return;

  var script = document.currentScript;
  // The API lives next to this script: <origin>/razorpay/v1/checkout.js -> <origin>/razorpay
  var API_BASE = script && script.src ? script.src.replace(/\/v1\/checkout\.js(\?.*)?$/, '') : '__API_BASE__';
  var STYLE_ID = 'rzp-sandbox-style';
  // Razorpay's documented test cards ({number, network, use, note}), filled in by the server.
  var TEST_CARDS = /* __TEST_CARDS__ */ [];
  var instanceCount = 0;

  var CSS = [
    '.rzp-sbx-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:2147483000;font-family:system-ui,-apple-system,"Segoe UI",sans-serif}',
    '.rzp-sbx-dialog{box-sizing:border-box;background:#fff;color:#1d1d1f;border-radius:10px;width:min(380px,calc(100vw - 24px));max-height:calc(100vh - 24px);overflow:auto;box-shadow:0 12px 40px rgba(0,0,0,.35)}',
    '.rzp-sbx-dialog *,.rzp-sbx-dialog *::before,.rzp-sbx-dialog *::after{box-sizing:border-box}',
    '.rzp-sbx-dialog [hidden]{display:none !important}',
    '.rzp-sbx-head{color:#fff;padding:16px 20px;border-radius:10px 10px 0 0;display:flex;gap:12px;align-items:center}',
    '.rzp-sbx-head img{width:40px;height:40px;border-radius:6px;background:#fff;object-fit:contain}',
    '.rzp-sbx-head h2{margin:0;font-size:18px}',
    '.rzp-sbx-head p{margin:2px 0 0;font-size:13px;opacity:.9}',
    '.rzp-sbx-head .rzp-sbx-amount{font-size:22px;font-weight:700;margin-top:4px}',
    '.rzp-sbx-body{padding:16px 20px 20px}',
    '.rzp-sbx-body fieldset{border:0;margin:0 0 12px;padding:0;display:flex;gap:16px}',
    '.rzp-sbx-body legend{font-weight:600;margin-bottom:6px;padding:0}',
    '.rzp-sbx-field{display:flex;flex-direction:column;margin-bottom:10px;font-size:14px;min-width:0}',
    '.rzp-sbx-field input{font-size:16px;padding:8px 10px;border:1px solid #888;border-radius:6px;margin-top:4px;width:100%;min-width:0}',
    '.rzp-sbx-row{display:flex;gap:10px}.rzp-sbx-row .rzp-sbx-field{flex:1 1 0}',
    '.rzp-sbx-terms{margin:6px 0 0;font-size:13px;opacity:.95}',
    '.rzp-sbx-cards{margin:10px 0 0;font-size:13px;color:#333}',
    '.rzp-sbx-cards summary{cursor:pointer;font-weight:600}',
    '.rzp-sbx-cards ul{list-style:none;margin:6px 0 0;padding:0;display:grid;gap:4px}',
    '.rzp-sbx-cards button{font:inherit;font-variant-numeric:tabular-nums;background:none;border:1px solid #ccc;border-radius:4px;padding:4px 6px;width:100%;text-align:left;cursor:pointer;color:inherit}',
    '.rzp-sbx-cards p{margin:6px 0 0}',
    '.rzp-sbx-alert{min-height:1px;margin:6px 0 10px;font-size:14px}',
    '.rzp-sbx-alert.rzp-sbx-error{color:#a50e0e;background:#fdecea;padding:8px 10px;border-radius:6px}',
    '.rzp-sbx-alert.rzp-sbx-ok{color:#0b6b2b;background:#e6f4ea;padding:8px 10px;border-radius:6px}',
    '.rzp-sbx-actions{display:flex;gap:10px}',
    '.rzp-sbx-actions button{flex:1;font-size:16px;padding:10px;border-radius:6px;cursor:pointer;border:1px solid transparent}',
    '.rzp-sbx-pay{color:#fff}',
    '.rzp-sbx-cancel{background:#fff;border-color:#888 !important;color:#1d1d1f}',
    '.rzp-sbx-note{font-size:12px;color:#555;margin:10px 0 0}',
    '.rzp-sbx-dialog :focus-visible{outline:3px solid #1a73e8;outline-offset:2px}',
  ].join('\n');

  function ensureStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === undefined || value === null || value === false) return;
        if (key === 'text') node.textContent = value;
        else if (key === 'className') node.className = value;
        else node.setAttribute(key, value === true ? '' : String(value));
      });
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }

  function formatAmount(amount, currency) {
    var value = Number(amount) / 100;
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(value);
    } catch (e) {
      return (currency || 'INR') + ' ' + value.toFixed(2);
    }
  }

  function formatDate(unixSeconds) {
    try {
      return new Date(unixSeconds * 1000).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
    } catch (e) {
      return new Date(unixSeconds * 1000).toDateString();
    }
  }

  function everyPeriod(period, interval) {
    var unit = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }[period] || period;
    return interval > 1 ? 'every ' + interval + ' ' + unit + 's' : 'every ' + unit;
  }

  /** The test cards that fit this checkout: subscriptions take only the recurring ones. */
  function cardsFor(recurring) {
    var wanted = recurring ? ['subscriptions'] : ['payments', 'international', 'subscriptions'];
    var good = TEST_CARDS.filter(function (card) {
      return wanted.indexOf(card.use) >= 0;
    });
    // One card for each of the two commonest failures.
    var failing = TEST_CARDS.filter(function (card) {
      return card.use === 'fails' && (card.note === 'insufficient funds' || card.note === 'declined') && card.network === 'Visa';
    }).slice(0, 2);
    return good.slice(0, recurring ? 3 : 6).concat(failing);
  }

  function safeColor(color) {
    return typeof color === 'string' && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))$/.test(color) ? color : '#3395ff';
  }

  function postJson(path, body) {
    return fetch(API_BASE + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (data) {
        return { ok: res.ok, data: data };
      });
    });
  }

  function focusableIn(root) {
    var nodes = root.querySelectorAll('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])');
    return Array.prototype.filter.call(nodes, function (n) {
      return !n.disabled && !n.hidden && n.offsetParent !== null;
    });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
    if (!options.key) throw new Error('Razorpay: the "key" option is required');
    this.options = options;
    this._listeners = {};
    this._root = null;
    this._busy = false;
    this._id = ++instanceCount;
  }

  Razorpay.__sandbox = true;

  Razorpay.prototype.on = function (event, callback) {
    if (typeof callback !== 'function') return this;
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (cb) {
      try {
        cb(payload);
      } catch (e) {
        setTimeout(function () {
          throw e;
        });
      }
    });
  };

  Razorpay.prototype.open = function () {
    if (this._root) return this;
    ensureStyle();
    var self = this;
    var o = this.options;
    var prefill = o.prefill || {};
    var theme = o.theme || {};
    var color = safeColor(theme.color);
    var uid = 'rzp-sbx-' + this._id;
    this._returnFocus = document.activeElement;

    var recurring = Boolean(o.subscription_id);
    var amountText = el('p', {
      className: 'rzp-sbx-amount',
      id: uid + '-amount',
      text: o.amount ? formatAmount(o.amount, o.currency) : '',
    });
    // For a subscription: what is charged now and what follows, from the subscription itself.
    var termsText = el('p', { className: 'rzp-sbx-terms', id: uid + '-terms', hidden: !recurring });
    var head = el('div', { className: 'rzp-sbx-head', style: 'background:' + color }, [
      o.image ? el('img', { src: o.image, alt: '' }) : null,
      el('div', null, [
        el('h2', { id: uid + '-title', text: o.name || 'Payment' }),
        o.description ? el('p', { id: uid + '-desc', text: o.description }) : null,
        amountText,
        termsText,
      ]),
    ]);

    function field(label, name, attrs) {
      var id = uid + '-' + name;
      var input = el('input', Object.assign({ id: id, name: name, type: 'text' }, attrs || {}));
      return { wrap: el('div', { className: 'rzp-sbx-field' }, [el('label', { for: id, text: label }), input]), input: input };
    }

    var cardNumber = field('Card number', 'card-number', {
      inputmode: 'numeric',
      autocomplete: 'cc-number',
      placeholder: recurring ? '4718 6091 0820 4366' : '4100 2800 0000 1007',
    });
    var expiry = field('Expiry (MM/YY)', 'card-expiry', { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM/YY' });
    var cvv = field('CVV', 'card-cvv', { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4' });
    var cardName = field('Name on card', 'card-name', { autocomplete: 'cc-name', value: prefill.name || '' });
    var vpa = field('UPI ID', 'upi-id', { autocomplete: 'off', placeholder: 'success@razorpay' });

    var cardList = el(
      'ul',
      { 'aria-label': 'Test cards' },
      cardsFor(recurring).map(function (card) {
        var label = card.number + ' · ' + card.network + (card.use === 'fails' ? ' · fails: ' + card.note : '');
        var pick = el('button', { type: 'button', text: label, 'aria-label': 'Use test card ' + label });
        pick.addEventListener('click', function () {
          cardNumber.input.value = card.number;
          if (!expiry.input.value) expiry.input.value = '12/30';
          if (!cvv.input.value) cvv.input.value = '123';
          cardNumber.input.focus();
        });
        return el('li', null, [pick]);
      }),
    );
    var testCards = el('details', { className: 'rzp-sbx-cards', open: true }, [
      el('summary', { text: 'Test cards' }),
      cardList,
      el('p', {
        text:
          'Any future expiry (e.g. 12/30) and any CVV (e.g. 123).' +
          (recurring ? ' Subscriptions take these cards only.' : ' UPI: success@razorpay or failure@razorpay.'),
      }),
    ]);

    var cardSection = el('div', { id: uid + '-card' }, [
      cardNumber.wrap,
      el('div', { className: 'rzp-sbx-row' }, [expiry.wrap, cvv.wrap]),
      cardName.wrap,
    ]);
    var upiSection = el('div', { id: uid + '-upi', hidden: true }, [vpa.wrap]);

    var methodCard = el('input', { type: 'radio', name: uid + '-method', value: 'card', id: uid + '-m-card', checked: true });
    var methodUpi = el('input', { type: 'radio', name: uid + '-method', value: 'upi', id: uid + '-m-upi' });
    var methods = el('fieldset', { hidden: recurring && o.currency && o.currency !== 'INR' }, [
      el('legend', { text: 'Pay with' }),
      el('label', { for: uid + '-m-card' }, [methodCard, document.createTextNode(' Card')]),
      el('label', { for: uid + '-m-upi' }, [methodUpi, document.createTextNode(' UPI')]),
    ]);
    function syncMethod() {
      var upi = methodUpi.checked;
      upiSection.hidden = !upi;
      cardSection.hidden = upi;
    }
    methodCard.addEventListener('change', syncMethod);
    methodUpi.addEventListener('change', syncMethod);

    var alertBox = el('div', { className: 'rzp-sbx-alert', role: 'alert', 'aria-live': 'assertive', id: uid + '-alert' });
    var payButton = el('button', {
      type: 'submit',
      className: 'rzp-sbx-pay',
      style: 'background:' + color,
      text: 'Pay' + (o.amount ? ' ' + formatAmount(o.amount, o.currency) : ''),
    });
    var cancelButton = el('button', { type: 'button', className: 'rzp-sbx-cancel', text: 'Cancel' });
    var form = el('form', { novalidate: true, 'aria-describedby': uid + '-alert' }, [
      methods,
      cardSection,
      upiSection,
      alertBox,
      el('div', { className: 'rzp-sbx-actions' }, [cancelButton, payButton]),
      testCards,
      el('p', { className: 'rzp-sbx-note', text: 'Test mode: no real money moves.' }),
    ]);

    var dialog = el(
      'div',
      {
        className: 'rzp-sbx-dialog',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': uid + '-title',
        'aria-describedby': (o.description ? uid + '-desc ' : '') + uid + '-amount' + (recurring ? ' ' + uid + '-terms' : ''),
        tabindex: '-1',
      },
      [head, el('div', { className: 'rzp-sbx-body' }, [form])],
    );
    var backdrop = el('div', { className: 'rzp-sbx-backdrop', 'data-razorpay-sandbox': 'true' }, [dialog]);

    function showAlert(message, kind) {
      alertBox.textContent = message || '';
      alertBox.className = 'rzp-sbx-alert' + (message ? ' rzp-sbx-' + kind : '');
    }

    function setBusy(busy) {
      self._busy = busy;
      payButton.disabled = busy;
      payButton.setAttribute('aria-busy', busy ? 'true' : 'false');
      if (busy) payButton.textContent = 'Processing…';
    }

    var payLabel = function (retry) {
      if (self._authoriseOnly) return retry ? 'Retry authorisation' : 'Authorise card';
      return (retry ? 'Retry payment' : 'Pay') + (self._amount ? ' ' + formatAmount(self._amount, self._currency) : '');
    };

    cancelButton.addEventListener('click', function () {
      self._dismiss();
    });

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (self._busy) return;
      var method = methodUpi.checked ? 'upi' : 'card';
      var body = {
        key_id: o.key,
        order_id: recurring ? undefined : o.order_id,
        subscription_id: recurring ? o.subscription_id : undefined,
        method: method,
        email: prefill.email || undefined,
        contact: prefill.contact ? String(prefill.contact) : undefined,
      };
      if (method === 'card') {
        if (!cardNumber.input.value.trim()) {
          showAlert('Enter the card number.', 'error');
          cardNumber.input.focus();
          return;
        }
        body.card = { number: cardNumber.input.value, expiry: expiry.input.value, cvv: cvv.input.value, name: cardName.input.value };
      } else {
        if (!vpa.input.value.trim()) {
          showAlert('Enter your UPI ID.', 'error');
          vpa.input.focus();
          return;
        }
        body.vpa = vpa.input.value;
      }
      if (!o.order_id && !o.subscription_id) {
        showAlert('This checkout has no order. Close it and try again.', 'error');
        return;
      }
      setBusy(true);
      showAlert('', 'error');
      postJson('/v1/checkout/pay', body).then(
        function (result) {
          setBusy(false);
          if (result.ok && result.data && result.data.razorpay_signature) {
            showAlert(self._authoriseOnly ? 'Card authorised' : 'Payment successful', 'ok');
            self.close();
            if (typeof o.handler === 'function') o.handler(result.data);
            return;
          }
          var error = (result.data && result.data.error) || { code: 'SERVER_ERROR', description: 'Payment failed' };
          var isPaymentFailure = error.metadata && error.metadata.payment_id;
          payButton.textContent = payLabel(true);
          showAlert(error.description + (isPaymentFailure ? ' You can retry with another card.' : ''), 'error');
          if (isPaymentFailure) {
            self._emit('payment.failed', {
              error: {
                code: error.code,
                description: error.description,
                source: error.source,
                step: error.step,
                reason: error.reason,
                metadata: error.metadata,
              },
            });
          }
          var target = method === 'card' ? cardNumber.input : vpa.input;
          if (error.field === 'card[expiry]') target = expiry.input;
          if (error.field === 'card[cvv]') target = cvv.input;
          target.focus();
          if (target.select) target.select();
        },
        function () {
          setBusy(false);
          payButton.textContent = payLabel(true);
          showAlert('Could not reach the payment server. Check your connection and retry.', 'error');
        },
      );
    });

    this._onKeydown = function (event) {
      if (event.key === 'Escape') {
        if (!o.modal || o.modal.escape !== false) {
          event.preventDefault();
          self._dismiss();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      // Focus trap: Tab and Shift+Tab cycle inside the dialog.
      var items = focusableIn(dialog);
      if (!items.length) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      var first = items[0];
      var last = items[items.length - 1];
      var active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    this._onFocusIn = function (event) {
      if (self._root && !dialog.contains(event.target)) (focusableIn(dialog)[0] || dialog).focus();
    };
    document.addEventListener('keydown', this._onKeydown, true);
    document.addEventListener('focusin', this._onFocusIn, true);

    this._root = backdrop;
    this._amount = o.amount;
    this._currency = o.currency;
    document.body.appendChild(backdrop);
    cardNumber.input.focus();

    // A subscription's terms are the subscription's own: its plan's amount, now or from its start.
    if (recurring) {
      fetch(API_BASE + '/v1/checkout/subscriptions/' + encodeURIComponent(o.subscription_id) + '?key_id=' + encodeURIComponent(o.key))
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .then(function (sub) {
          if (!sub || !self._root) return;
          var each = formatAmount(sub.amount, sub.currency);
          var every = everyPeriod(sub.period, sub.interval);
          self._currency = sub.currency;
          if (sub.charge_now) {
            self._amount = sub.amount;
            amountText.textContent = each;
            termsText.textContent = 'Charged now, then ' + each + ' ' + every + ' until you cancel.';
          } else {
            self._amount = 0;
            self._authoriseOnly = true;
            amountText.textContent = 'No charge today';
            termsText.textContent = each + ' on ' + formatDate(sub.start_at) + ', then ' + every + ' until you cancel.';
          }
          methods.hidden = sub.currency !== 'INR';
          if (methods.hidden) {
            methodCard.checked = true;
            syncMethod();
          }
          if (!self._busy) payButton.textContent = payLabel(payButton.textContent.indexOf('Retry') === 0);
        })
        .catch(function () {
          /* the summary keeps the page's amount */
        });
    }
    // The amount charged is the order's; show it even when the page passed none or another.
    if (o.order_id && !recurring) {
      fetch(API_BASE + '/v1/checkout/orders/' + encodeURIComponent(o.order_id) + '?key_id=' + encodeURIComponent(o.key))
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .then(function (order) {
          if (!order || !self._root) return;
          self._amount = order.amount;
          self._currency = order.currency;
          amountText.textContent = formatAmount(order.amount, order.currency);
          if (!self._busy) payButton.textContent = payLabel(payButton.textContent.indexOf('Retry') === 0);
        })
        .catch(function () {
          /* the summary keeps the page's amount */
        });
    }
    return this;
  };

  Razorpay.prototype._dismiss = function () {
    if (!this._root) return;
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.close = function () {
    if (!this._root) return;
    document.removeEventListener('keydown', this._onKeydown, true);
    document.removeEventListener('focusin', this._onFocusIn, true);
    if (this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._root = null;
    var back = this._returnFocus;
    if (back && typeof back.focus === 'function' && document.contains(back)) back.focus();
  };

  window.Razorpay = Razorpay;
})();
