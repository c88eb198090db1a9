import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { supportPanelMachine } from '#machines/support-panel.machine.ts';
import type { BrandConfig, Faq } from '#schemas/contract.ts';
import { fetchFaq } from '#src/api/rest.ts';
import { inspectOptions } from '#src/lib/inspect.ts';
import { loadScriptOnce } from '#src/lib/load-script.ts';

/** The support panel's machine with the app's actors: the FAQ from the API, the chat's script. */
function createSupportLogic(brand: BrandConfig) {
  return supportPanelMachine.provide({
    actors: {
      loadFaq: fromPromise<Faq>(({ signal }) => fetchFaq({ display: 'inline', signal })),
      loadWidget: fromPromise<void>(({ signal }) => {
        const widget = brand.support.chatWidget;
        if (!widget) return Promise.reject(new Error('no chat widget'));
        return loadScriptOnce(widget.scriptUrl, { dataset: { supportChat: '' }, signal });
      }),
    },
  });
}

/** One support panel flow for the visit (connected to `?inspect`). */
export function useSupportPanel(brand: BrandConfig) {
  const [logic] = useState(() => createSupportLogic(brand));
  const actor = useActorRef(logic, inspectOptions());
  const faq = useSelector(actor, (s) => s.context.faq);
  const faqError = useSelector(actor, (s) => s.context.faqError);
  const faqLoading = useSelector(actor, (s) => s.hasTag('faqLoading'));
  const faqFailed = useSelector(actor, (s) => s.hasTag('faqFailed'));
  const widgetLoading = useSelector(actor, (s) => s.hasTag('widgetLoading'));
  const widgetReady = useSelector(actor, (s) => s.hasTag('widgetReady'));
  const widgetFailed = useSelector(actor, (s) => s.hasTag('widgetFailed'));
  return {
    actor,
    faq,
    faqError,
    faqLoading,
    faqFailed,
    widgetLoading,
    widgetReady,
    widgetFailed,
  };
}
