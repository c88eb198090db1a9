// Lighthouse (its default mobile preset: a mid-range phone on a throttled 4G link, simulated)
// on the home page, an event page and the checkout, in the same Chromium as the browser tests.
// The checkout needs a logged-in person with a hold: the demo account logs in and holds one
// ticket through the API, and the page's storage gets that session before Lighthouse loads it
// (storage is kept for that run).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

const post = (url, body, token) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  }).then((r) => r.json());

/** A hold of one ticket for the demo account; returns its session for the page's storage. */
async function demoHold(base) {
  const login = await post(`${base}/login/1?lang=pt_BR`, {
    _username: 'demo@example.com',
    _password: 'Demo@1234',
  });
  const { access_token: token, pessoa } = login.result;
  const rpc = (method, params) =>
    post(
      `${base}/router.php?method=${method}&class=SuperIngresso&lang=pt_BR`,
      { class: 'SuperIngresso', method, params },
      token,
    );
  const eventos = (await rpc('getEventos', [])).result;
  const { apresentacoes } = (await rpc('getApresentacoes', [eventos[0].idevento])).result;
  const session = apresentacoes[apresentacoes.length - 1];
  const produtos = (await rpc('getProdutos', [session.idapresentacao])).result;
  const idproduto = produtos.tipo_produtos[0].produtos[0].idproduto;
  const hold = await rpc('iniciarReserva', [[{ idproduto, qtd: 1 }], session.idapresentacao, []]);
  return { token, pessoa, idmovimentacao: hold.result?.idmovimentacao, rpc };
}

/**
 * Runs Lighthouse on each page; returns rows of { page, performance, fcp, lcp, cls, tbt,
 * benchmarkIndex }.
 * @param {{ base: string, chromePath: string, eventPath: string }} opts
 */
export async function runLighthouse({ base, chromePath, eventPath }) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const rows = [];
  try {
    const measure = async (name, url, keepStorage = false) => {
      // A page is rendered once and then served from the server's cache: measure that.
      await fetch(url);
      // Lighthouse sometimes fails to record the load's trace (NO_NAVSTART with this Chromium):
      // such a run is tried again, twice at most; one that still fails counts as NaN.
      let lhr;
      for (let attempt = 1; attempt <= 3; attempt++) {
        ({ lhr } = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: keepStorage,
        }));
        if (!lhr.runtimeError) break;
        console.error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      // LH_SAVE_DIR: each run's full report (long tasks, script boot-up times) for a closer look.
      const saveDir = process.env.LH_SAVE_DIR;
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const file = `${name.replace(/\W+/g, '-')}-${Date.now()}.json`;
        writeFileSync(join(saveDir, file), JSON.stringify(lhr));
      }
      const { categories, audits, runtimeError } = lhr;
      const value = (id) => (runtimeError ? Number.NaN : (audits[id]?.numericValue ?? Number.NaN));
      rows.push({
        page: name,
        performance: runtimeError
          ? Number.NaN
          : Math.round((categories.performance.score ?? 0) * 100),
        fcp: value('first-contentful-paint') / 1000,
        lcp: value('largest-contentful-paint') / 1000,
        cls: value('cumulative-layout-shift'),
        tbt: value('total-blocking-time'),
        // Lighthouse's measure of this machine's CPU speed at the time (higher is faster): its
        // simulated TBT multiplies the tasks it saw, so figures compare only at a like index.
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
      });
    };
    await measure('home', `${base}/pt`);
    await measure('event page', `${base}${eventPath}`);

    const hold = await demoHold(base);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/pt`);
    await page.evaluate(
      ({ token, pessoa }) => {
        localStorage.setItem('si.token', token);
        localStorage.setItem('si.session', JSON.stringify(pessoa));
      },
      { token: hold.token, pessoa: hold.pessoa },
    );
    await page.close();
    await measure('checkout', `${base}/pt/checkout`, true);
    if (hold.idmovimentacao) {
      await hold.rpc('cancelarReserva', [hold.idmovimentacao, null, false, false]);
    }
    await browser.close().catch(() => {});
  } finally {
    await chrome.kill();
  }
  return rows;
}
