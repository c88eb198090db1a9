import { Box, Button, Code, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Suspense, use, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { FORM_IDS, type FormId, sessionFlagsOf } from '#schemas/forms/compose.ts';
import type { RuntimeFormFlags } from '#src/components/forms/compiled-form.ts';
import { loadFormCached } from '#src/components/forms/load-form.ts';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { useBrand } from '#src/lib/brand-context.tsx';
import type { MessageId } from '#src/lib/messages.d.ts';

interface Samples {
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  invalidErrors?: Array<{ field: string; id: string }>;
}

const SAMPLES = import.meta.glob<Samples>('../../../schemas/forms/*.samples.json', {
  import: 'default',
});
const OVERRIDES = import.meta.glob<unknown>('../../../brands/*/forms/*.json', {
  import: 'default',
});

const PANEL_ID = 'dev-form-panel';

const cache = new Map<string, Promise<unknown>>();
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as Promise<T>;
}

function samplesOf(formId: FormId): Promise<Samples | null> {
  const entry = Object.entries(SAMPLES).find(([p]) => p.endsWith(`/${formId}.samples.json`));
  return cached(`samples:${formId}`, () => (entry ? entry[1]() : Promise.resolve(null)));
}

function overrideOf(brandId: string, formId: FormId): Promise<unknown> {
  const entry = Object.entries(OVERRIDES).find(([p]) =>
    p.endsWith(`/brands/${brandId}/forms/${formId}.json`),
  );
  return cached(`override:${brandId}:${formId}`, () =>
    entry ? entry[1]() : Promise.resolve(null),
  );
}

/**
 * /dev/forms (development builds only): every form as the active brand composes it, with its
 * valid and invalid samples, the brand's override and the composed schema, so an operator sees
 * what an override does.
 */
export function DevFormsPage() {
  const brand = useBrand();
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const requested = params.get('form') ?? '';
  const formId: FormId = FORM_IDS.find((id) => id === requested) ?? 'registration';
  return (
    <Stack gap="6" data-testid="dev-forms">
      <Stack gap="2">
        <Heading as="h1" size="2xl" fontFamily="heading">
          <FormattedMessage id="formui.dev.title" />
        </Heading>
        <Text color="fg.muted">
          <FormattedMessage id="formui.dev.intro" values={{ brand: brand.id }} />
        </Text>
      </Stack>
      <HStack
        role="tablist"
        aria-label={intl.formatMessage({ id: 'formui.dev.forms' })}
        wrap="wrap"
        gap="2"
      >
        {FORM_IDS.map((id) => (
          <Button
            key={id}
            role="tab"
            id={`tab-${id}`}
            aria-selected={id === formId}
            aria-controls={PANEL_ID}
            size="sm"
            variant={id === formId ? 'solid' : 'outline'}
            onClick={() => setParams({ form: id })}
          >
            {id}
          </Button>
        ))}
      </HStack>
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={`tab-${formId}`}>
        <Suspense fallback={<LoadingState />}>
          <FormPanel key={formId} formId={formId} brandId={brand.id} />
        </Suspense>
      </Box>
    </Stack>
  );
}

function FormPanel({ formId, brandId }: { formId: FormId; brandId: string }) {
  const intl = useIntl();
  const samples = use(samplesOf(formId));
  const override = use(overrideOf(brandId, formId));
  const [flags, setFlags] = useState<RuntimeFormFlags>({});
  const [data, setData] = useState<Record<string, unknown>>({});
  const [loaded, setLoaded] = useState<{ n: number; invalid: boolean }>({ n: 0, invalid: false });
  const [sent, setSent] = useState<Record<string, unknown> | null>(null);
  const runtimeFlags = sessionFlagsOf(formId);
  const load = (which: 'valid' | 'invalid' | 'clear') => {
    setSent(null);
    setData(which === 'clear' ? {} : structuredClone(samples?.[which] ?? {}));
    setLoaded((l) => ({ n: l.n + 1, invalid: which === 'invalid' }));
  };
  return (
    <Stack gap="5">
      <HStack wrap="wrap" gap="2">
        <Button size="sm" variant="outline" onClick={() => load('valid')} disabled={!samples}>
          <FormattedMessage id="formui.dev.loadValid" />
        </Button>
        <Button size="sm" variant="outline" onClick={() => load('invalid')} disabled={!samples}>
          <FormattedMessage id="formui.dev.loadInvalid" />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => load('clear')}>
          <FormattedMessage id="formui.dev.clear" />
        </Button>
        {runtimeFlags.map((f) => (
          <chakra.label key={f} display="flex" alignItems="center" gap="2" fontSize="sm" px="2">
            <chakra.input
              type="checkbox"
              checked={flags[f] === true}
              onChange={(e) => setFlags({ ...flags, [f]: e.target.checked })}
              accentColor="colorPalette.solid"
            />
            {f === 'social' ? (
              <FormattedMessage id="formui.dev.social" />
            ) : (
              <FormattedMessage id="formui.dev.cardCampaign" />
            )}
          </chakra.label>
        ))}
      </HStack>
      <Box
        maxW="2xl"
        borderWidth="1px"
        borderColor="border"
        rounded="l3"
        p={{ base: '4', md: '6' }}
      >
        <SchemaForm
          key={`${loaded.n}-${JSON.stringify(flags)}`}
          formId={formId}
          formData={data}
          flags={flags}
          revealErrors={loaded.invalid}
          onChange={(d) => setData(d as Record<string, unknown>)}
          onSubmit={(d) => setSent(d as Record<string, unknown>)}
        />
      </Box>
      {sent ? (
        <Box role="status" data-testid="dev-form-valid">
          <Text fontWeight="semibold" color="fg.success">
            <FormattedMessage id="formui.dev.valid" />
          </Text>
          <Json value={sent} />
        </Box>
      ) : null}
      {samples?.invalidErrors?.length ? (
        <Details title={intl.formatMessage({ id: 'formui.dev.expected' })}>
          <chakra.ul ps="5" listStyleType="disc" fontSize="sm">
            {samples.invalidErrors.map((e) => (
              <li key={`${e.field}-${e.id}`}>
                <Code>{e.field}</Code> {intl.formatMessage({ id: e.id as MessageId })}
              </li>
            ))}
          </chakra.ul>
        </Details>
      ) : null}
      <Details title={intl.formatMessage({ id: 'formui.dev.override' })} open={override !== null}>
        {override === null ? (
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="formui.dev.noOverride" />
          </Text>
        ) : (
          <Json value={override} />
        )}
      </Details>
      <Suspense fallback={<LoadingState />}>
        <Composed formId={formId} brandId={brandId} flags={flags} />
      </Suspense>
      <Details title={intl.formatMessage({ id: 'formui.dev.data' })}>
        <Json value={data} />
      </Details>
    </Stack>
  );
}

function Composed({
  formId,
  brandId,
  flags,
}: {
  formId: FormId;
  brandId: string;
  flags: RuntimeFormFlags;
}) {
  const intl = useIntl();
  const loaded = use(
    useMemo(() => loadFormCached(brandId, formId, flags), [brandId, formId, flags]),
  );
  if (!loaded.ok) return null;
  return (
    <>
      <Details title={intl.formatMessage({ id: 'formui.dev.schema' })}>
        <Json value={loaded.form.formSchema} />
      </Details>
      <Details title={intl.formatMessage({ id: 'formui.dev.uiSchema' })}>
        <Json value={loaded.form.formUiSchema} />
      </Details>
    </>
  );
}

function Details({
  title,
  open,
  children,
}: {
  title: string;
  open?: boolean;
  children: React.ReactNode;
}) {
  return (
    <chakra.details open={open} borderWidth="1px" borderColor="border" rounded="l2" p="3">
      <chakra.summary cursor="pointer" fontWeight="medium">
        {title}
      </chakra.summary>
      <Box mt="3">{children}</Box>
    </chakra.details>
  );
}

function Json({ value }: { value: unknown }) {
  return (
    <chakra.pre
      fontSize="xs"
      bg="bg.muted"
      p="3"
      rounded="l2"
      overflowX="auto"
      maxH="96"
      whiteSpace="pre"
      // It scrolls: keyboard users must be able to reach and scroll it.
      tabIndex={0}
    >
      {JSON.stringify(value, null, 2)}
    </chakra.pre>
  );
}
