/**
 * The account calls' field names at the API edge (spec §7) and the form fields they carry
 * (schemas/forms), in one place: the storefront builds bodies with {@link toEdge}, the server
 * reads them with {@link fromEdge} and then validates with the form's JSON Schema.
 */

/** Edge name → form field, per call. */
export const EDGE_FIELDS = {
  /** POST pessoa/cadastro/trocar/senha (form changePassword). */
  trocarSenha: { oldpassword: 'old_password', password: 'senha', password2: 'senha2' },
  /** POST pessoa/cadastro/recuperar/senha (form forgotPassword). */
  recuperarSenha: { username: 'email', hashcaptcha: '_recaptcha' },
  /** POST pessoa/cadastro/recuperar/nova (form resetPassword). */
  novaSenha: { token: 'token', password: 'senha', password2: 'senha2' },
} as const;

export type EdgeCall = keyof typeof EDGE_FIELDS;

/**
 * Form data of an edge body: known names renamed, everything else dropped. A missing repeat of
 * the new password (`password2`) is taken as typed once: the spec's calls send only `password`.
 */
export function fromEdge(call: EdgeCall, body: unknown): Record<string, unknown> {
  const map = EDGE_FIELDS[call] as Record<string, string>;
  const src =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const out: Record<string, unknown> = {};
  for (const [edge, field] of Object.entries(map)) {
    if (Object.hasOwn(src, edge) && src[edge] !== undefined && src[edge] !== null)
      out[field] = src[edge];
  }
  if (
    Object.values(map).includes('senha2') &&
    out.senha2 === undefined &&
    out.senha !== undefined
  ) {
    out.senha2 = out.senha;
  }
  return out;
}

/** The edge body of form data (the storefront's side of {@link fromEdge}). */
export function toEdge(call: EdgeCall, data: Record<string, unknown>): Record<string, unknown> {
  const map = EDGE_FIELDS[call] as Record<string, string>;
  const out: Record<string, unknown> = {};
  for (const [edge, field] of Object.entries(map)) {
    if (data[field] !== undefined) out[edge] = data[field];
  }
  return out;
}

/** POST cadastro/{loginId}: every registration field prefixed with an underscore. */
export function toCadastroBody(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [`_${k.replace(/^_/, '')}`, v]));
}

/** The form data of a POST cadastro/{loginId} body (`_recaptcha` keeps its underscore). */
export function fromCadastroBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (!k.startsWith('_')) continue;
    const field = k === '_recaptcha' ? k : k.slice(1);
    out[field] = v;
  }
  return out;
}
