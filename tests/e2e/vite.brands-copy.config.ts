import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { formValidators } from '../../scripts/vite-plugin-form-validators.ts';
import base from '../../vite.config.ts';

// The storefront build for the browser tests' copy of brands/ (tests/e2e/brands-copy.mjs):
// the forms are composed at build time from each brand's switches (a captcha turned on adds
// its field), so a brand changed for a test needs a build that read the changed copy.
// FORMS_ROOT is a folder whose `brands` is that copy and whose `schemas` links to ours.
const root = process.env.FORMS_ROOT;
if (!root) throw new Error('FORMS_ROOT: the folder holding the copied brands/');

const isFormValidators = (p: PluginOption): p is Plugin =>
  typeof p === 'object' && p !== null && !Array.isArray(p) && 'name' in p
    ? p.name === 'storefront:form-validators'
    : false;

export default defineConfig({
  ...base,
  plugins: (base.plugins ?? []).map((p) => (isFormValidators(p) ? formValidators({ root }) : p)),
});
