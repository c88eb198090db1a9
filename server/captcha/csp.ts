import type { CspSources } from '#schemas/trackers.ts';

/**
 * The CSP a reCAPTCHA brand needs. Google's widget is a script from www.google.com that loads
 * more from www.gstatic.com and draws itself in an iframe of www.google.com; the strict policy
 * (server/plugins/security.ts) forbids all three. Only brands whose captcha really is reCAPTCHA
 * get these sources: ALTCHA is our own code and needs none.
 */
export const RECAPTCHA_SOURCES: CspSources = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * `csp` with `sources` added to their directives (a missing directive is created from 'self'),
 * each source once.
 */
export function withCspSources(csp: string, sources: CspSources): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, list] of Object.entries(sources)) {
    if (list.length === 0) continue;
    const i = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    if (i >= 0) {
      const present = new Set(directives[i]!.split(/\s+/));
      const added = list.filter((s) => !present.has(s));
      if (added.length > 0) directives[i] = `${directives[i]} ${added.join(' ')}`;
    } else directives.push(`${name} 'self' ${list.join(' ')}`);
  }
  return directives.join(';');
}

/** `csp` with the reCAPTCHA sources added. */
export function withRecaptchaSources(csp: string): string {
  return withCspSources(csp, RECAPTCHA_SOURCES);
}
