/**
 * THE registry of form widgets and templates (Chakra UI v3, our own; no @rjsf/chakra-ui):
 * every form renders through these, none defines its own widget. A uiSchema picks a widget by
 * the names of `WIDGETS` (schemas/forms/compose.ts lists the names a brand override may use).
 */
import { TEMPLATES } from './templates';
import { WIDGETS } from './widgets';

export const formRegistry = { widgets: WIDGETS, templates: TEMPLATES } as const;
