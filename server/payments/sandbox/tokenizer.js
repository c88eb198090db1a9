// Sandbox gateway tokenizer: a plain browser script (no eval, no inline code, CSP friendly).
// It installs window.SandboxGateway = { tokenize(publicKey, { numero, titular, validade, cvv }) }
// (SandboxGatewayApi in schemas/contract.ts). Card data goes only to the gateway's token
// endpoint, next to this script; the shop's API receives the token. A refusal rejects with an
// Error whose `code` is invalid_number | invalid_expiry | invalid_cvv | invalid_holder |
// invalid_key | network. The token endpoint checks the card (server/payments/sandbox/cards.ts),
// so the rules live in one place.
(() => {
  const script = document.currentScript;
  const base = new URL('./', script?.src ? script.src : `${location.origin}/sandbox-gateway/`);

  const digits = (s) => String(s ?? '').replace(/[\s-]/g, '');

  const fail = (code, message) => {
    const err = new Error(message);
    err.code = code;
    return Promise.reject(err);
  };

  const tokenize = async (publicKey, card) => {
    const numero = digits(card?.numero);
    let body;
    try {
      const res = await fetch(new URL('v1/tokens', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          publicKey,
          numero,
          titular: String(card?.titular ?? ''),
          validade: String(card?.validade ?? ''),
          cvv: String(card?.cvv ?? ''),
        }),
      });
      body = await res.json();
    } catch {
      return fail('network', 'The payment gateway could not be reached');
    }
    if (!body?.result) {
      return fail(body?.error?.message ?? 'refused', 'The card was refused by the gateway');
    }
    return body.result;
  };

  window.SandboxGateway = { tokenize };
})();
