import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` (vite.config.ts alias): RJSF renders a few strings
 * (`ui:enableMarkdownInDescription`, its own developer messages) through it, which our forms do
 * not use; plain text saves ~25 kB of JavaScript on every form route.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}
