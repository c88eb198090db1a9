import { Badge, Box, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { Field } from '#src/components/field.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import {
  useCaptchaAsked,
  useServerFieldErrors,
} from '#src/components/forms/use-server-field-errors.ts';
import { LoadingState } from '#src/components/loading-state.tsx';
import { NativeSelect } from '#src/components/native-select.tsx';
import { formatDateTime } from '#src/lib/dates.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { readDevice } from '../checkin-device';
import { type CheckinHandle, useCheckin } from '../hooks/use-checkin';
import { registerCheckinWorker } from '../offline/register-sw';
import { CheckinResult } from './checkin-result';

// The QR decoder is loaded only when the camera is turned on.
const QrCamera = lazy(() => import('./qr-camera').then((m) => ({ default: m.QrCamera })));

/** The same code seen again by the camera within this time is the same scan. */
const SAME_SCAN_MS = 4_000;

function Panel({ children }: { children: ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      {children}
    </Box>
  );
}

interface StaffLoginData {
  usuario: string;
  senha: string;
  _recaptcha?: string;
}

/**
 * The staff login: the `checkinLogin` form (schemas/forms, its precompiled validators and
 * localized errors); the server's answer (wrong password, wait after failures) above it.
 */
function StaffLogin({ actor, state }: CheckinHandle) {
  const headingId = useId();
  const error = state.context.error;
  const [data, setData] = useState<Partial<StaffLoginData>>({});
  const fieldErrors = useServerFieldErrors(error, data);
  // An address with many failed logins is asked for the captcha (server/tickets/checkin.ts).
  const captchaAsked = useCaptchaAsked(error);
  return (
    <Panel>
      <Stack gap="4" aria-labelledby={headingId} role="group">
        <Heading as="h2" size="lg" id={headingId}>
          <FormattedMessage id="checkin.login.heading" />
        </Heading>
        {state.context.error ? (
          <ErrorAlert
            message={<ErrorMessage error={state.context.error} />}
            testId="checkin-login-error"
          />
        ) : null}
        <SchemaForm<StaffLoginData>
          formId="checkinLogin"
          flags={captchaAsked ? { captchaAsked: true } : undefined}
          formData={data}
          onChange={setData}
          fieldErrors={fieldErrors}
          onSubmit={(login) => {
            actor.send({
              type: 'staff.login',
              usuario: login.usuario,
              senha: login.senha,
              ...(login._recaptcha ? { _recaptcha: login._recaptcha } : {}),
            });
          }}
          submitLabel="checkin.login.submit"
          pending={state.hasTag('busy')}
        />
      </Stack>
    </Panel>
  );
}

function SessionChooser({ actor, state }: CheckinHandle) {
  const locale = useCurrentLocale();
  const headingId = useId();
  const { sessions, error, idapresentacao, portao: lastGate } = state.context;
  const [chosen, setChosen] = useState<string>(() =>
    String(
      sessions.find((s) => s.idapresentacao === idapresentacao)?.idapresentacao ??
        sessions[0]?.idapresentacao ??
        '',
    ),
  );
  const [portao, setPortao] = useState(lastGate || readDevice().portao);
  return (
    <Panel>
      <form
        aria-labelledby={headingId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen) return;
          actor.send({ type: 'session.chosen', idapresentacao: Number(chosen), portao });
        }}
      >
        <Stack gap="4">
          <Heading as="h2" size="lg" id={headingId}>
            <FormattedMessage id="checkin.session.heading" />
          </Heading>
          {error ? (
            <ErrorAlert
              message={<ErrorMessage error={error} />}
              onRetry={() => actor.send({ type: 'sessions.retry' })}
            />
          ) : null}
          {sessions.length === 0 && !error ? (
            <Text>
              <FormattedMessage id="checkin.session.none" />
            </Text>
          ) : null}
          {sessions.length > 0 ? (
            <Field.Root required>
              <Field.Label>
                <FormattedMessage id="checkin.session.label" />
              </Field.Label>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field
                  name="idapresentacao"
                  value={chosen}
                  onChange={(e) => setChosen(e.currentTarget.value)}
                  data-testid="checkin-session"
                >
                  {sessions.map((s) => (
                    <option key={s.idapresentacao} value={s.idapresentacao}>
                      {[formatDateTime(s.dthr, locale), s.evento, s.dscapre]
                        .filter(Boolean)
                        .join(' · ')}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : null}
          <Field.Root>
            <Field.Label>
              <FormattedMessage id="checkin.gate.label" />
            </Field.Label>
            <Input
              name="portao"
              maxLength={60}
              value={portao}
              onChange={(e) => setPortao(e.target.value)}
            />
            <Field.HelperText>
              <FormattedMessage id="checkin.gate.help" />
            </Field.HelperText>
          </Field.Root>
          <Button type="submit" size="lg" disabled={!chosen}>
            <FormattedMessage id="checkin.session.start" />
          </Button>
        </Stack>
      </form>
    </Panel>
  );
}

function SyncBar({ actor, state }: CheckinHandle) {
  const { pending, online, lastSync, syncError, offlineList, error } = state.context;
  const syncing = state.hasTag('syncing');
  const recusadas = lastSync ? lastSync.enviadas - (lastSync.resultados.valido ?? 0) : 0;
  return (
    <Stack gap="2" data-testid="checkin-sync">
      <HStack gap="2" flexWrap="wrap">
        <Badge
          size="lg"
          colorPalette={online ? 'green' : 'orange'}
          variant="subtle"
          data-testid="checkin-network"
        >
          <FormattedMessage id={online ? 'checkin.status.online' : 'checkin.status.offline'} />
        </Badge>
        <Text data-testid="checkin-pending">
          <FormattedMessage id="checkin.pending" values={{ count: pending }} />
        </Text>
        {pending > 0 ? (
          <Button
            size="sm"
            variant="outline"
            loading={syncing}
            onClick={() => actor.send({ type: 'sync.requested' })}
          >
            <FormattedMessage id="checkin.sync.now" />
          </Button>
        ) : null}
      </HStack>
      {lastSync && lastSync.enviadas > 0 ? (
        <Text data-testid="checkin-sync-result">
          <FormattedMessage
            id="checkin.sync.result"
            values={{
              enviadas: lastSync.enviadas,
              aceitas: lastSync.resultados.valido ?? 0,
              recusadas,
            }}
          />
        </Text>
      ) : null}
      {syncError ? (
        <ErrorAlert
          status="warning"
          message={
            <>
              <FormattedMessage id="checkin.sync.failed" /> <ErrorMessage error={syncError} />
            </>
          }
        />
      ) : null}
      {offlineList ? (
        <Text color="fg.muted" fontSize="sm" data-testid="checkin-list">
          <FormattedMessage id="checkin.list.ready" values={{ count: offlineList.ingressos }} />
        </Text>
      ) : error ? (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="checkin.list.missing" />
        </Text>
      ) : null}
    </Stack>
  );
}

function Gate(handle: CheckinHandle) {
  const { actor, state } = handle;
  const intl = useIntl();
  const locale = useCurrentLocale();
  const [codigo, setCodigo] = useState('');
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const lastScan = useRef<{ text: string; at: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { sessions, idapresentacao, portao, outcome } = state.context;
  const session = sessions.find((s) => s.idapresentacao === idapresentacao);
  const busy = state.hasTag('busy');
  // While a check runs the previous answer is gone: the next one is announced afresh.
  const shown = busy ? null : outcome;

  const submit = (text: string) => {
    if (!text.trim()) return;
    actor.send({ type: 'code.submitted', codigo: text });
    setCodigo('');
    input.current?.focus();
  };

  return (
    <Stack gap="4">
      <Panel>
        <Stack gap="3">
          <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
            <Box>
              <Text fontWeight="semibold" data-testid="checkin-current-session">
                {session
                  ? [formatDateTime(session.dthr, locale), session.evento, session.dscapre]
                      .filter(Boolean)
                      .join(' · ')
                  : null}
              </Text>
              <Text color="fg.muted">
                <FormattedMessage id="checkin.gate.current" values={{ portao: portao || '—' }} />
              </Text>
            </Box>
            <Button
              size="sm"
              variant="outline"
              onClick={() => actor.send({ type: 'session.change' })}
            >
              <FormattedMessage id="checkin.session.change" />
            </Button>
          </HStack>
          <SyncBar {...handle} />
        </Stack>
      </Panel>

      <Panel>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(codigo);
          }}
        >
          <Stack gap="3">
            <Field.Root>
              <Field.Label fontSize="lg">
                <FormattedMessage id="checkin.scan.label" />
              </Field.Label>
              <Input
                ref={input}
                name="codigo"
                size="lg"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={codigo}
                onChange={(e) => setCodigo(e.target.value)}
                data-testid="checkin-code"
              />
              <Field.HelperText>
                <FormattedMessage id="checkin.scan.help" />
              </Field.HelperText>
            </Field.Root>
            <HStack gap="3" flexWrap="wrap">
              <Button type="submit" size="lg" loading={busy} disabled={!codigo.trim()}>
                {intl.formatMessage({ id: 'checkin.scan.submit' })}
              </Button>
              <Button
                size="lg"
                variant="outline"
                aria-pressed={camera}
                onClick={() => {
                  setCameraError(false);
                  setCamera((on) => !on);
                }}
              >
                <FormattedMessage id={camera ? 'checkin.camera.stop' : 'checkin.camera.start'} />
              </Button>
            </HStack>
            {cameraError ? (
              <ErrorAlert
                status="warning"
                message={<FormattedMessage id="checkin.camera.error" />}
              />
            ) : null}
            {camera ? (
              <Suspense fallback={null}>
                <QrCamera
                  onCode={(text) => {
                    const now = Date.now();
                    const last = lastScan.current;
                    if (last && last.text === text && now - last.at < SAME_SCAN_MS) return;
                    lastScan.current = { text, at: now };
                    submit(text);
                  }}
                  onError={() => {
                    setCamera(false);
                    setCameraError(true);
                  }}
                />
              </Suspense>
            ) : null}
          </Stack>
        </form>
      </Panel>

      {state.context.error && !busy ? (
        <ErrorAlert message={<ErrorMessage error={state.context.error} />} testId="checkin-error" />
      ) : null}
      <CheckinResult
        outcome={shown}
        sessions={sessions}
        onNext={() => {
          actor.send({ type: 'result.dismissed' });
          input.current?.focus();
        }}
      />
    </Stack>
  );
}

/**
 * The gate's page (/checkin, issue 13 item 7): staff login, the session and gate, then codes
 * scanned with the camera or typed, checked by the server or, offline, by this device.
 */
export function CheckinView() {
  const handle = useCheckin();
  const { actor, state } = handle;
  const staff = state.context.staff;
  const to = usePathFor();
  const scope = to('Checkin');
  // The page opens again without the network (its own service worker, this path only).
  useEffect(() => {
    void registerCheckinWorker(scope);
  }, [scope]);
  return (
    <Stack gap="5" maxW="xl" w="full" mx="auto">
      <HStack justify="space-between" align="center" gap="3" flexWrap="wrap">
        <Heading as="h1" size="2xl" fontFamily="heading">
          <FormattedMessage id="page.checkin.title" />
        </Heading>
        {staff && !state.hasTag('signedOut') ? (
          <HStack gap="2">
            <Text color="fg.muted" data-testid="checkin-staff">
              {staff.usuario}
            </Text>
            <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'staff.logout' })}>
              <FormattedMessage id="checkin.logout" />
            </Button>
          </HStack>
        ) : null}
      </HStack>
      {state.hasTag('signedOut') ? <StaffLogin {...handle} /> : null}
      {state.hasTag('choosing') ? <SessionChooser {...handle} /> : null}
      {state.hasTag('scanning') ? <Gate {...handle} /> : null}
      {state.hasTag('busy') && !state.hasTag('signedOut') && !state.hasTag('scanning') ? (
        <LoadingState />
      ) : null}
    </Stack>
  );
}
