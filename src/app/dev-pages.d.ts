/** Set by vite.config.ts `define`: STOREFRONT_DEV_PAGES=1 at build time. */
declare const __STOREFRONT_DEV_PAGES__: boolean;
