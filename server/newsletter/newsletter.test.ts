import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCALES, NEWSLETTER_CONSENT_VERSION } from '#schemas/contract.ts';
import { localeMessages } from '#server/forms/messages.ts';
import { MAIL_KINDS, MAIL_VARS, NEWSLETTER_MAILS, renderMail } from '#server/mail/templates.ts';
import { testBrand } from '#server/test/test-brand.ts';
import { CONSENT_TEXT_ID, newsletterLink } from './newsletter';

/**
 * The consent texts of each version, as SHA-256 of the three locales' texts joined by a line
 * break: a changed text needs a new NEWSLETTER_CONSENT_VERSION (LGPD art. 8 — what a person
 * agreed to must be known by its version).
 */
const CONSENT_TEXTS: Record<string, string> = {
  '2026-11-25': 'a607a1b6add072bd8f5e253995bdc8ca9842497bee68e406c0060d089f7d27b1',
};

describe('the newsletter consent text', () => {
  it('is the text of the current version in every language', () => {
    const texts = LOCALES.map((l) => localeMessages().get(l)?.[CONSENT_TEXT_ID] ?? '');
    for (const text of texts) expect(text.length).toBeGreaterThan(40);
    const hash = createHash('sha256').update(texts.join('\n')).digest('hex');
    expect(
      hash,
      `the consent text changed: give it a new NEWSLETTER_CONSENT_VERSION and record ${hash}`,
    ).toBe(CONSENT_TEXTS[NEWSLETTER_CONSENT_VERSION]);
  });
});

describe('the newsletter mails', () => {
  const brand = testBrand('test-a');
  const unsubscribe = newsletterLink(
    { brand, origin: 'https://loja.example' },
    'en-US',
    'cancelar',
    'tok_123',
  );

  it('every newsletter mail after the confirmation carries the unsubscribe link', () => {
    const newsletterKinds = MAIL_KINDS.filter((k) => k.startsWith('newsletter_'));
    expect(newsletterKinds).toContain('newsletter_welcome');
    expect([...NEWSLETTER_MAILS].sort()).toEqual(
      newsletterKinds.filter((k) => k !== 'newsletter_confirm').sort(),
    );
    for (const kind of NEWSLETTER_MAILS) {
      for (const locale of LOCALES) {
        const mail = renderMail(brand, locale, kind, { unsubscribe });
        expect(mail.text).toContain(unsubscribe);
        expect(mail.html).toContain(`href="${unsubscribe.replace('&', '&amp;')}"`);
      }
      expect(() => renderMail(brand, 'pt-BR', kind, {})).toThrow(/unsubscribe/);
      expect(() => renderMail(brand, 'pt-BR', kind, { unsubscribe: 'javascript:x' })).toThrow();
    }
  });

  it('the confirmation has its link and no unsubscribe link, and greets without a name', () => {
    expect(MAIL_VARS.newsletter_confirm).not.toContain('unsubscribe');
    const link = newsletterLink(
      { brand, origin: 'https://loja.example/' },
      'pt-BR',
      'confirmar',
      'abc',
    );
    expect(link).toBe('https://loja.example/pt/newsletter?acao=confirmar&token=abc');
    const mail = renderMail(brand, 'pt-BR', 'newsletter_confirm', { link });
    expect(mail.text).toContain(`Confirmar inscrição: ${link}`);
    expect(mail.text).toContain('\nOlá!\n');
    expect(mail.text).not.toContain('acao=cancelar');
  });

  it('links without a language prefix for a brand with one tree', () => {
    const single = testBrand('test-s', { multiLanguage: false });
    expect(
      newsletterLink({ brand: single, origin: 'http://x.test' }, 'en-US', 'cancelar', 't'),
    ).toBe('http://x.test/newsletter?acao=cancelar&token=t');
  });
});
