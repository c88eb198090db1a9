/**
 * Brands for server tests, built in TypeScript (typed against BrandFile/CatalogFile) so the
 * tests do not depend on the demo brand's data. Assets come from server/test/fixtures/assets.
 */
import { fileURLToPath } from 'node:url';
import type { BrandFile, CatalogFile, LoadedBrand } from '#schemas/brand.types.ts';
import type { Localized } from '#schemas/contract.ts';

const FIXTURES_DIR = fileURLToPath(new URL('./fixtures', import.meta.url));

const L = (pt: string, es: string, en: string): Localized => ({
  'pt-BR': pt,
  'es-ES': es,
  'en-US': en,
});

/** Product ids of the test catalogue. */
export const P = {
  inteira: 101,
  meia: 102,
  gratuita: 103,
  agencia: 104,
  jogo: 201,
  passado: 301,
} as const;

/** Event ids of the test catalogue. */
export const E = { visita: 1, jogo: 2, passado: 3 } as const;

/** The agency person type of test brands. */
export const ID_AGENCIA = 3;

function brandFile(over: Partial<BrandFile>): BrandFile {
  return {
    title: L('Loja de teste', 'Tienda de prueba', 'Test shop'),
    description: L('Descrição <teste> & "aspas"', 'Descripción', 'Description'),
    keywords: L('teste, ingressos', 'prueba, entradas', 'test, tickets'),
    favicon: '/brand-assets/favicon.svg',
    logos: {
      header: '/brand-assets/logo.svg',
      footer: '/brand-assets/logo.svg',
      alt: L('Logo', 'Logo', 'Logo'),
    },
    theme: {
      colors: {
        primary: '#123456',
        secondary: '#654321',
        tertiary: '#abcdef',
        quaternary: '#fedcba',
      },
      font: { heading: 'system-ui, sans-serif', body: 'system-ui, sans-serif' },
    },
    multiLanguage: true,
    locales: ['pt-BR', 'es-ES', 'en-US'],
    defaultLocale: 'pt-BR',
    captcha: { login: false, register: false, contact: false, payment: false, siteKey: '' },
    analytics: { googleAnalyticsId: '', googleTagManagerId: '', metaPixelId: '' },
    regrasDoNegocio: { idagencia: ID_AGENCIA, idagenciaaguardando: 4, idLoginSI: 1 },
    carrinhoLocal: false,
    editarEndereco: false,
    editarEnderecoCadastro: false,
    support: {
      email: 'sac@example.com',
      phone: '+55 11 0000-0000',
      whatsapp: '+55 11 90000-0000',
      chat: false,
      hours: L('9h às 18h', '9 a 18', '9 am to 6 pm'),
    },
    hosts: ['localhost'],
    default: true,
    holdMinutes: 15,
    maxItemsPerOrder: 12,
    payments: {
      gateway: 'sandbox',
      maxInstallments: 6,
      minInstallmentValue: 20,
      acceptedBrands: ['visa', 'mastercard'],
      methods: {
        card: { enabled: true },
        boleto: { enabled: true, dueDays: 3, banco: '001' },
        pix: {
          enabled: true,
          key: 'pix@loja-teste.com.br',
          merchantName: 'Loja de Teste',
          merchantCity: 'São Paulo',
          expiryMinutes: 30,
        },
      },
    },
    ...over,
  };
}

/** The test catalogue: a daily visit, one match with capacity 50, one event only in the past. */
export function testCatalog(
  over: {
    jogoCapacidade?: number;
    inteiraPreco?: number;
    /** The match's holder rule (catalogue `portador`); absent by default. */
    jogoPortador?: 'obrigatorio' | 'opcional';
  } = {},
): CatalogFile {
  return {
    events: [
      {
        idevento: E.visita,
        tipo: 'visit',
        nome: L('Visita', 'Visita', 'Visit'),
        descricao: L('Visita ao museu', 'Visita al museo', 'Museum visit'),
        local: L('Museu', 'Museo', 'Museum'),
        imagem: 'events/event.svg',
        dscapre: L('Entrada', 'Entrada', 'Entry'),
        schedule: { kind: 'daily', fromDay: 1, days: 3, times: ['10:00', '15:00'] },
        tipo_produtos: [
          {
            idtipo: 11,
            nome: L('Individuais', 'Individuales', 'Individual'),
            produtos: [
              {
                idproduto: P.inteira,
                nome: L('Inteira', 'General', 'Full price'),
                preco: over.inteiraPreco ?? 50,
                taxa: 5,
                capacidade: 100,
                block_qtd: 10,
              },
              {
                idproduto: P.meia,
                nome: L('Meia', 'Media', 'Half price'),
                preco: 25,
                taxa: 2.5,
                capacidade: 100,
                block_qtd: 10,
              },
              {
                idproduto: P.gratuita,
                nome: L('Gratuita', 'Gratuita', 'Free'),
                preco: 0,
                taxa: 0,
                capacidade: 20,
                block_qtd: 4,
              },
            ],
          },
          {
            idtipo: 12,
            nome: L('Agências', 'Agencias', 'Agencies'),
            produtos: [
              {
                idproduto: P.agencia,
                nome: L('Agência', 'Agencia', 'Agency'),
                preco: 40,
                taxa: 4,
                capacidade: 40,
                block_qtd: 20,
                somenteAgencia: true,
              },
            ],
          },
        ],
      },
      {
        idevento: E.jogo,
        tipo: 'match',
        nome: L('Jogo', 'Partido', 'Match'),
        descricao: L('Um jogo', 'Un partido', 'A match'),
        local: L('Estádio', 'Estadio', 'Stadium'),
        imagem: 'events/event.svg',
        dscapre: L('Jogo', 'Partido', 'Match'),
        ...(over.jogoPortador ? { portador: over.jogoPortador } : {}),
        schedule: {
          kind: 'dates',
          sessions: [
            {
              offsetDays: 2,
              time: '16:00',
              title: L('Casa x Fora', 'Local x Visita', 'Home v Away'),
            },
          ],
        },
        tipo_produtos: [
          {
            idtipo: 21,
            nome: L('Arquibancada', 'Grada', 'Stand'),
            produtos: [
              {
                idproduto: P.jogo,
                nome: L('Arquibancada', 'Grada', 'Stand'),
                preco: 80,
                taxa: 8,
                capacidade: over.jogoCapacidade ?? 50,
                block_qtd: 10,
              },
            ],
          },
        ],
      },
      {
        idevento: E.passado,
        tipo: 'tour',
        nome: L('Passado', 'Pasado', 'Past'),
        descricao: L('Já foi', 'Ya fue', 'Gone'),
        local: L('Lugar', 'Lugar', 'Place'),
        imagem: 'events/event.svg',
        dscapre: L('Tour', 'Tour', 'Tour'),
        schedule: { kind: 'dates', sessions: [{ offsetDays: -1, time: '10:00' }] },
        tipo_produtos: [
          {
            idtipo: 31,
            nome: L('Tour', 'Tour', 'Tour'),
            produtos: [
              {
                idproduto: P.passado,
                nome: L('Tour', 'Tour', 'Tour'),
                preco: 10,
                taxa: 1,
                capacidade: 10,
                block_qtd: 10,
              },
            ],
          },
        ],
      },
    ],
  };
}

/** A test brand. */
export function testBrand(
  id = 'test-a',
  over: Partial<BrandFile> = {},
  catalog: CatalogFile = testCatalog(),
): LoadedBrand {
  return { id, dir: FIXTURES_DIR, brand: brandFile(over), catalog };
}

/** Two brands: the default one on localhost, and a second one on `other.test`. */
export function testBrands(): LoadedBrand[] {
  return [
    testBrand('test-a'),
    testBrand('test-b', {
      hosts: ['other.test'],
      // No payments.methods: card only.
      payments: {
        gateway: 'sandbox',
        maxInstallments: 6,
        minInstallmentValue: 20,
        acceptedBrands: ['visa', 'mastercard'],
      },
      default: false,
      title: L('Outra loja', 'Otra tienda', 'Other shop'),
      defaultLocale: 'en-US',
    }),
  ];
}
