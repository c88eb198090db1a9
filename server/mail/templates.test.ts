import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#schemas/contract.ts';
import { configureOrigins } from '#server/brands/origin.ts';
import { localeMessages } from '#server/forms/messages.ts';
import { testBrands } from '#server/test/test-brand.ts';
import { MAILBOX_MESSAGE_IDS } from './mailbox-messages';
import { escapeHtml, MAIL_KINDS, MAIL_VARS, type MailKind, renderMail } from './templates';

const brand = testBrands()[0]!;
const LINK = 'https://loja.example/validatemail?token=abc123&next=%2Fperfil';

const varsFor = (kind: MailKind): Record<string, string> => {
  const all: Record<string, string> = {
    nome: 'Ana Souza',
    link: LINK,
    minutes: '30',
    localizador: '1234567890123456',
    valor: 'R$ 12,34',
    remetente: 'ana@example.com',
    assunto: 'Visita em grupo',
    mensagem: 'Olá!\nSomos 30.',
    protocolo: '42',
    unsubscribe: 'https://loja.example/pt/newsletter?acao=cancelar&token=xyz',
  };
  return Object.fromEntries(MAIL_VARS[kind].map((k) => [k, all[k]!]));
};

describe('renderMail', () => {
  for (const kind of MAIL_KINDS) {
    for (const locale of LOCALES) {
      it(`renders ${kind} in ${locale}`, () => {
        const mail = renderMail(brand, locale, kind, varsFor(kind));
        const name = brand.brand.logos.alt[locale];
        expect(mail.subject).toContain(name);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        if (MAIL_VARS[kind].includes('nome')) {
          expect(mail.text).toContain('Ana Souza');
          expect(mail.html).toContain('Ana Souza');
        }
        // No placeholder is left unfilled in any part.
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part).not.toMatch(/\{\w+\}/);
        }
        if (MAIL_VARS[kind].includes('link')) {
          expect(mail.text).toContain(LINK);
          expect(mail.html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
          expect(mail.html).toContain(`background:${brand.brand.theme.colors.primary}`);
        } else if (!MAIL_VARS[kind].includes('unsubscribe')) {
          expect(mail.html).not.toContain('<a ');
        }
        if (kind === 'reset_password') expect(mail.text).toContain('30');
      });
    }
  }

  it('speaks the language of the locale', () => {
    const subjects = LOCALES.map(
      (l) => renderMail(brand, l, 'confirm_email', varsFor('confirm_email')).subject,
    );
    expect(new Set(subjects).size).toBe(3);
    expect(subjects[0]).toMatch(/Confirme seu e-mail/);
    expect(subjects[1]).toMatch(/Confirma tu correo/);
    expect(subjects[2]).toMatch(/Confirm your e-mail/);
  });

  it('escapes every variable in the HTML part and keeps the text part literal', () => {
    const nome = `<script>alert("x")</script> & 'O'Brien'`;
    const link = 'https://loja.example/r?token=a&b="c"<d>';
    const mail = renderMail(brand, 'en-US', 'reset_password', { nome, link, minutes: '<b>9</b>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>9</b>');
    expect(mail.html).toContain(escapeHtml(nome));
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).toContain('&lt;b&gt;9&lt;/b&gt;');
    expect(mail.text).toContain(nome);
    expect(mail.text).toContain(link);
  });

  it('keeps a line break in a variable from splitting the mail', () => {
    const mail = renderMail(brand, 'pt-BR', 'password_changed', { nome: 'Ana\r\nBcc: x@y.z' });
    expect(mail.text).toContain('Olá, Ana Bcc: x@y.z!');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('refuses a missing variable or a link that is not http(s)', () => {
    expect(() => renderMail(brand, 'pt-BR', 'confirm_email', { nome: 'Ana' })).toThrow(/link/);
    expect(() =>
      renderMail(brand, 'pt-BR', 'confirm_email', { nome: 'Ana', link: 'javascript:alert(1)' }),
    ).toThrow(/http/);
    expect(() => renderMail(brand, 'pt-BR', 'agency_awaiting', {})).toThrow(/nome/);
  });

  it('shows the logo from the brand’s public origin with its size and the brand name as alternative text', () => {
    configureOrigins({
      env: { PUBLIC_ORIGIN: 'https://loja.example' },
      port: 80,
      production: false,
      defaultBrandId: brand.id,
    });
    // Whatever origin or link a caller hands in, the logo is on the configured origin.
    const mail = renderMail(brand, 'pt-BR', 'agency_awaiting', {
      nome: 'Ana',
      origin: 'https://evil.example',
    });
    // The test logo's viewBox is 16×16: a 48 px square.
    expect(mail.html).toContain(
      '<img src="https://loja.example/brand-assets/logo.svg" width="48" height="48" alt="Logo"',
    );
    const withLink = renderMail(brand, 'pt-BR', 'confirm_email', {
      nome: 'Ana',
      link: 'https://evil.example/validatemail?token=x',
    });
    expect(withLink.html).toContain('src="https://loja.example/brand-assets/logo.svg"');
    expect(
      renderMail(brand, 'pt-BR', 'payment_confirmed', varsFor('payment_confirmed')).html,
    ).toContain('src="https://loja.example/brand-assets/logo.svg"');
  });

  it('lists the lines after the body, escaped in the HTML part', () => {
    const mail = renderMail(brand, 'pt-BR', 'refund_confirmed', varsFor('refund_confirmed'), [
      'Visita · 05/12/2026 14:00 · Inteira',
      '<b>x</b>\nBcc: y',
    ]);
    expect(mail.text).toContain('\n- Visita · 05/12/2026 14:00 · Inteira\n- <b>x</b> Bcc: y\n');
    expect(mail.text).toContain('R$ 12,34');
    expect(mail.html).toContain('<li>Visita · 05/12/2026 14:00 · Inteira</li>');
    expect(mail.html).toContain('<li>&lt;b&gt;x&lt;/b&gt; Bcc: y</li>');
    expect(renderMail(brand, 'pt-BR', 'password_changed', { nome: 'Ana' }).html).not.toContain(
      '<ul',
    );
  });

  it('puts the brand support address in the footer of both parts', () => {
    const mail = renderMail(brand, 'es-ES', 'agency_awaiting', { nome: 'Ana' });
    const support = brand.brand.support.email;
    expect(support).not.toBe('');
    expect(mail.text).toContain(support);
    expect(mail.html).toContain(escapeHtml(support));
  });
});

describe('mail and mailbox messages', () => {
  const ids = [
    ...MAIL_KINDS.flatMap((k) => [
      `mail.${k}.subject`,
      `mail.${k}.heading`,
      `mail.${k}.body`,
      ...(MAIL_VARS[k].includes('link') ? [`mail.${k}.button`] : []),
    ]),
    'mail.greeting',
    'mail.linkHint',
    'mail.footer',
    'mail.support',
    ...MAILBOX_MESSAGE_IDS,
  ];
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('exist in every locale with the same placeholders and parse as ICU messages', () => {
    const all = localeMessages();
    for (const id of ids) {
      const pt = all.get('pt-BR')?.[id];
      expect(pt, id).toBeTypeOf('string');
      for (const locale of LOCALES) {
        const text = all.get(locale)?.[id];
        expect(text, `${locale} ${id}`).toBeTypeOf('string');
        expect(placeholders(text!), `${locale} ${id}`).toEqual(placeholders(pt!));
        expect(() => parse(text!), `${locale} ${id}`).not.toThrow();
      }
    }
  });
});
