// Sandbox gateway tokenizer: a plain browser script (no eval, no inline code, CSP friendly).
// It installs window.SandboxGateway = { tokenize(publicKey, { numero, titular, validade, cvv }) }
// (SandboxGatewayApi in schemas/contract.ts). Card data goes only to the gateway's token
// endpoint, next to this script; the shop's API receives the token. A refusal rejects with an
// Error whose `code` is invalid_number | invalid_expiry | invalid_cvv | invalid_holder |
// invalid_key | network.
(() => {
  const script = document.currentScript;
  const base = new URL('./', script?.src ? script.src : `${location.origin}/sandbox-gateway/`);

  const digits = (s) => String(s ?? '').replace(/[\s-]/g, '');

  const luhn = (n) => {
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  };

  const expiryOk = (v) => {
    const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(String(v ?? '').trim());
    if (!m) return false;
    const month = Number(m[1]);
    const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const now = new Date();
    return (
      month >= 1 &&
      month <= 12 &&
      year * 12 + (month - 1) >= now.getUTCFullYear() * 12 + now.getUTCMonth()
    );
  };

  const fail = (code, message) => {
    const err = new Error(message);
    err.code = code;
    return Promise.reject(err);
  };

  const tokenize = async (publicKey, card) => {
    const numero = digits(card?.numero);
    if (!/^\d{13,19}$/.test(numero) || !luhn(numero)) {
      return fail('invalid_number', 'Invalid card number');
    }
    if (!expiryOk(card.validade)) return fail('invalid_expiry', 'Invalid expiry date');
    const cvvLen = /^(3[47]|6011|64[4-9]|65)/.test(numero) ? 4 : 3;
    if (!new RegExp(`^\\d{${cvvLen}}$`).test(String(card.cvv ?? '').trim())) {
      return fail('invalid_cvv', 'Invalid security code');
    }
    if (String(card.titular ?? '').trim().length < 2) {
      return fail('invalid_holder', 'Invalid card holder');
    }
    let body;
    try {
      const res = await fetch(new URL('v1/tokens', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          publicKey,
          numero,
          titular: card.titular,
          validade: card.validade,
          cvv: card.cvv,
        }),
      });
      body = await res.json();
    } catch {
      return fail('network', 'The payment gateway could not be reached');
    }
    if (body?.error) return fail(body.error.message, 'The card was refused by the gateway');
    return body.result;
  };

  window.SandboxGateway = { tokenize };
})();
