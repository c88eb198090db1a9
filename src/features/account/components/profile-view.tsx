import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  isAgency,
  PROFILE_WARNING,
  type ProfileRules,
  type ProfileWarningId,
  profileWarning,
} from '#machines/session-rules.ts';
import type { ApiErrorBody, Cadastro } from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { fetchCadastro, saveCadastro } from '#src/api/rest.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { LoadingState } from '#src/components/loading-state.tsx';
import { notify } from '#src/components/notify.ts';
import { PrivatePage } from '#src/components/private-page.tsx';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { clearReturnTarget, readReturnTarget, returnTargetPath } from '#src/lib/return-target.ts';
import { getToken, startSession, useSession } from '#src/lib/session-store.ts';
import { useAsync } from '#src/lib/use-async.ts';
import { type ProfileData, toProfileBody, toProfileFormData } from '../account-body';
import { useAddressLookup } from '../hooks/use-address-lookup';
import { ChangePassword } from './change-password';

/** The query parameter that carries the warning of an incomplete session (`?aviso=<id>`). */
export const PROFILE_WARNING_PARAM = 'aviso';

const WARNING_IDS: readonly string[] = Object.values(PROFILE_WARNING);
const isWarningId = (v: string | null): v is ProfileWarningId =>
  v !== null && WARNING_IDS.includes(v);

function useProfileRules(): ProfileRules {
  const brand = useBrand();
  return useMemo(
    () => ({
      idagencia: brand.regrasDoNegocio.idagencia,
      idagenciaaguardando: brand.regrasDoNegocio.idagenciaaguardando,
      editarEnderecoCadastro: brand.editarEnderecoCadastro,
    }),
    [brand],
  );
}

/**
 * The profile page (Perfil): every registration field, the change of password, and the
 * warning of an incomplete session (spec §4). Once a save completes the profile, the page goes
 * back to the target stored when the login started (src/lib/return-target.ts), if any.
 */
export function ProfileView() {
  const { pessoa } = useSession();
  return (
    <PrivatePage title="page.profile.title" loginPrompt="profile.loginPrompt" testId="profile">
      {() => <ProfileLoader idpessoa={pessoa?.idpessoa ?? null} />}
    </PrivatePage>
  );
}

function ProfileLoader({ idpessoa }: { idpessoa: number | null }) {
  // Keyed by the person only: a change of password renews the token and a change of language
  // keeps the page; neither may reload the form over what the person is typing.
  const profile = useAsync(
    (signal) => fetchCadastro({ display: 'inline', signal }).then((r) => r.cadastro),
    [idpessoa],
  );
  if (profile.loading && !profile.data) return <LoadingState page />;
  if (profile.error || !profile.data) {
    return <ErrorAlert message={<ErrorMessage error={profile.error} />} onRetry={profile.reload} />;
  }
  return <ProfileEditor cadastro={profile.data} />;
}

function ProfileEditor({ cadastro }: { cadastro: Cadastro }) {
  const intl = useIntl();
  const brand = useBrand();
  const locale = useCurrentLocale();
  const navigate = useNavigate();
  const rules = useProfileRules();
  const { pessoa } = useSession();
  const [search] = useSearchParams();
  const [data, setData] = useState<ProfileData>(() => toProfileFormData(cadastro));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const { suggestions, cepStatus } = useAddressLookup(
    data,
    cadastro.end_cep ?? undefined,
    (patch) => setData((d) => ({ ...d, ...patch })),
  );
  // An unknown CEP is said at the CEP field; the address fields stay free text to type by hand
  // (the message does not hold the form back).
  const cepNotFound = intl.formatMessage({ id: 'profile.cepNotFound' });
  const fieldErrors = useServerFieldErrors(
    error,
    data,
    cepStatus === 'notFound' ? { end_cep: cepNotFound } : undefined,
  );
  const context = useMemo(() => ({ suggestions }), [suggestions]);
  const titleId = useId();

  const agency = isAgency(cadastro, rules);
  const awaiting = cadastro.idpessoa_tipo === rules.idagenciaaguardando;
  // The warning stays while the session is incomplete: the one the login sent, else the rule's.
  const gap = pessoa ? profileWarning(pessoa, rules) : null;
  const requested = search.get(PROFILE_WARNING_PARAM);
  const warning = gap ? (isWarningId(requested) ? requested : gap) : null;

  async function submit(values: ProfileData) {
    setPending(true);
    setError(null);
    try {
      const result = await saveCadastro(toProfileBody(values), { display: 'inline' });
      const token = getToken();
      if (token) startSession(token, result.pessoa);
      notify({ type: 'success', description: intl.formatMessage({ id: 'profile.saved' }) });
      if (profileWarning(result.pessoa, rules) === null) {
        const target = readReturnTarget();
        if (target) {
          clearReturnTarget();
          const path = returnTargetPath(target, locale, { multiLanguage: brand.multiLanguage });
          if (path) navigate(path);
        }
      }
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap="6">
      {warning ? (
        <ErrorAlert
          status="warning"
          testId="profile-warning"
          message={<FormattedMessage id={warning} />}
        />
      ) : null}
      {awaiting ? (
        <Alert.Root status="info" data-testid="profile-agency-awaiting">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <FormattedMessage id="error.agencyAwaiting" />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {cadastro.email_confirmado ? null : (
        <Alert.Root status="info" data-testid="profile-email-unconfirmed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <FormattedMessage id="profile.emailUnconfirmed" />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Box
        as="section"
        aria-labelledby={titleId}
        bg="bg"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: '4', md: '6' }}
        data-testid="profile-form"
      >
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h2" size="lg" id={titleId}>
              <FormattedMessage id={agency ? 'form.title.agencyProfile' : 'form.title.profile'} />
            </Heading>
            {/* The address lookup in progress, said politely (a miss is said at the CEP field). */}
            <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
              {cepStatus === 'searching' ? <FormattedMessage id="profile.cepSearching" /> : null}
            </Text>
          </Stack>
          {/* schemas/forms/profile|agencyProfile.schema.json, composed for the brand. */}
          <SchemaForm<ProfileData>
            formId={agency ? 'agencyProfile' : 'profile'}
            formData={data}
            onChange={setData}
            fieldErrors={fieldErrors}
            onSubmit={submit}
            context={context}
            submitLabel="profile.save"
            pending={pending}
          />
          {error ? (
            <ErrorAlert message={<ErrorMessage error={error} />} testId="profile-error" />
          ) : null}
        </Stack>
      </Box>
      {cadastro.tem_senha ? <ChangePassword /> : null}
    </Stack>
  );
}
