/**
 * Readies the browser's formatting library (ICU) for the page's first dates, times and prices.
 * The first `Intl` formatter of a page costs ~50–100 ms in Chromium, whatever it formats (the
 * library's data is opened and set up once per process), and hydration would pay it in the
 * middle of the page's first long tasks; set up here, on another thread, while the page's code
 * loads, the main thread's formatters then cost ~1 ms. A browser that sets it up per thread
 * does the same work twice, in parallel, and nothing is lost.
 */
import { SHOP_TIME_ZONE } from '#schemas/shop-time.ts';

self.onmessage = (event: MessageEvent<string>) => {
  const locale = event.data;
  try {
    new Intl.DateTimeFormat(locale, {
      timeZone: SHOP_TIME_ZONE,
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }).format(0);
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(1);
    new Intl.PluralRules(locale).select(1);
  } finally {
    self.postMessage('ready');
  }
};
