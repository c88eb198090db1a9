/**
 * The CSP a reCAPTCHA brand needs. Google's widget is a script from www.google.com that loads
 * more from www.gstatic.com and draws itself in an iframe of www.google.com; the strict policy
 * (server/plugins/security.ts) forbids all three. Only brands whose captcha really is reCAPTCHA
 * get these sources: ALTCHA is our own code and needs none.
 */
const RECAPTCHA_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** `csp` with the reCAPTCHA sources added (a missing directive is created from 'self'). */
export function withRecaptchaSources(csp: string): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, sources] of Object.entries(RECAPTCHA_SOURCES)) {
    const i = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    if (i >= 0) directives[i] = `${directives[i]} ${sources.join(' ')}`;
    else directives.push(`${name} 'self' ${sources.join(' ')}`);
  }
  return directives.join(';');
}
