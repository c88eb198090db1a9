/**
 * The libraries every page runs (routing, texts), imported by src/entry.ts as a stage of
 * their own before the storefront: they are evaluated in one task, the storefront's own code in
 * the next. Only what the storefront uses is named here, so the rest is still left out.
 */
export { IntlProvider } from 'react-intl';
export { BrowserRouter, useRoutes } from 'react-router-dom';
