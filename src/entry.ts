/**
 * The page's one script in its HTML: the server's page is painted first, then the storefront's
 * code is asked for and run. The browser would otherwise fetch and run ~180 KiB of code (and
 * build the style system) before the first paint of a page it already has in full: on a phone on
 * a slow link that code shares the bandwidth with the page's own images and delays what the
 * visitor sees. A page to render in the browser (nothing rendered: `vite dev`'s empty shell)
 * does not wait.
 */
import { afterNextPaint } from './lib/after-paint';

const rendered = document.getElementById('root')?.firstElementChild != null;
void (rendered ? afterNextPaint() : Promise.resolve()).then(() => import('./main'));
