import { lazy, Suspense } from 'react';
import { WithStyleSystem } from '#src/lib/style-system.tsx';
import { LoadingState } from '../loading-state';
import type { SchemaFormProps } from './schema-form-types';

// RJSF, the widgets and the form's precompiled validators load only when a form shows.
const SchemaFormImpl = lazy(() => import('./schema-form-impl'));

/**
 * A form of schemas/forms rendered by RJSF with the widget registry, composed for the page's
 * brand (its rules and override) and validated by the validators the server precompiled for it.
 * Errors are message ids localized by react-intl, shown beside each field after submit, or as
 * soon as the person leaves a field they touched.
 */
export function SchemaForm<T = Record<string, unknown>>(props: SchemaFormProps<T>) {
  return (
    <Suspense fallback={<LoadingState />}>
      <WithStyleSystem>
        <SchemaFormImpl {...(props as SchemaFormProps)} />
      </WithStyleSystem>
    </Suspense>
  );
}
