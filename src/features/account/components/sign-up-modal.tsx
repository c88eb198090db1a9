import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { LoadingState } from '#src/components/loading-state.tsx';
import { notify } from '#src/components/notify.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import {
  closeAccountModal,
  openAgencySignUp,
  openLogin,
  openSignUp,
  useAccountModal,
  useCardCampaignAsk,
} from '#src/lib/ui-stores.ts';
import type { SignUpData } from '../account-body';
import { useEmailTaken } from '../hooks/use-email-taken';
import { useLocalLoginId, useSignUp } from '../hooks/use-sign-up';
import { AccountDialog } from './account-dialog';

/**
 * Sign-up and agency sign-up (spec §2 modals, §3 registration, §5 rules): reached from the
 * sign-in dialog, "?agencia" opens the agency one. The e-mail is checked while typing; success
 * says so for 1 s (spec §9), logged in, then the modal closes. An agency is logged in but awaits
 * approval: it reads that here (the modal stays) and cannot buy until an operator approves it.
 */
export function SignUpModal() {
  const request = useAccountModal();
  const kind =
    request.modal === 'agencySignUp' ? 'agency' : request.modal === 'signUp' ? 'person' : null;
  // Keep the last kind while the dialog animates out.
  const [shown, setShown] = useState<'person' | 'agency'>('person');
  useEffect(() => {
    if (kind) setShown(kind);
  }, [kind]);
  const current = kind ?? shown;
  return (
    <AccountDialog
      open={kind !== null}
      onClose={closeAccountModal}
      testId={current === 'agency' ? 'agency-signup-modal' : 'signup-modal'}
      title={<FormattedMessage id={current === 'agency' ? 'signUp.agencyTitle' : 'signUp.title'} />}
    >
      {kind ? <SignUpBody key={kind} kind={kind} onSuccess={request.onSuccess} /> : null}
    </AccountDialog>
  );
}

function SignUpBody({
  kind,
  onSuccess,
}: {
  kind: 'person' | 'agency';
  onSuccess?: (() => void) | undefined;
}) {
  const intl = useIntl();
  const agenciesOpen = useBrand().regrasDoNegocio.agencias !== false;
  const loginId = useLocalLoginId();
  const { signUp, pending, error, created } = useSignUp(kind);
  const [data, setData] = useState<SignUpData>({});
  const emailTaken = useEmailTaken(data.email);
  const errorId = useId();
  const taken = useMemo(
    () => (emailTaken ? { email: intl.formatMessage({ id: 'error.emailTaken' }) } : undefined),
    [emailTaken, intl],
  );
  const fieldErrors = useServerFieldErrors(error, data, taken);
  // Opened for a card-brand campaign's product: a person's form asks for the card's six digits.
  const cardCampaign = useCardCampaignAsk() && kind === 'person';

  if (created) {
    return (
      <Stack gap="4" data-testid="signup-success">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id="signUp.success" />
            </Alert.Title>
            <Alert.Description>
              <FormattedMessage id="signUp.confirmEmail" />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {created.aguardando_aprovacao ? (
          <Alert.Root status="warning" data-testid="agency-awaiting">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                <FormattedMessage id="signUp.agencyAwaiting" />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {created.aguardando_aprovacao ? (
          <HStack justify="flex-end">
            <Button onClick={closeAccountModal}>
              <FormattedMessage id="common.close" />
            </Button>
          </HStack>
        ) : (
          <Text color="fg.muted" aria-live="polite">
            <FormattedMessage id="signUp.loggingIn" />
          </Text>
        )}
      </Stack>
    );
  }

  if (loginId.loading) return <LoadingState />;
  if (loginId.error || loginId.data === null || loginId.data === undefined) {
    return <ErrorAlert message={<ErrorMessage error={loginId.error} />} onRetry={loginId.reload} />;
  }
  const id = loginId.data;

  return (
    <Stack gap="4" aria-describedby={error ? errorId : undefined}>
      <Text color="fg.muted">
        <FormattedMessage id={kind === 'agency' ? 'signUp.agencyIntro' : 'signUp.intro'} />
      </Text>
      {error ? (
        <div id={errorId}>
          <ErrorAlert message={<ErrorMessage error={error} />} testId="signup-error" />
        </div>
      ) : null}
      {/* schemas/forms/registration|agency.schema.json, composed for the brand. */}
      <SchemaForm<SignUpData>
        formId={kind === 'agency' ? 'agency' : 'registration'}
        flags={cardCampaign ? { cardCampaign: true } : undefined}
        formData={data}
        onChange={setData}
        fieldErrors={fieldErrors}
        onSubmit={(values) =>
          signUp(id, values, (result) => {
            if (!result.aguardando_aprovacao) {
              closeAccountModal();
              // The modal showed the success for 1 s only: the toast keeps it on screen.
              notify({
                type: 'success',
                description: intl.formatMessage({ id: 'signUp.success' }),
              });
            }
            onSuccess?.();
          })
        }
        submitLabel={kind === 'agency' ? 'signUp.agencySubmit' : 'signUp.submit'}
        pending={pending}
      />
      <Stack gap="1" align="center" textAlign="center" fontSize="sm">
        <HStack gap="1" wrap="wrap" justify="center">
          <Text>
            <FormattedMessage id="signUp.haveAccount" />
          </Text>
          <Button
            variant="plain"
            size="sm"
            px="0"
            textDecoration="underline"
            onClick={() => {
              closeAccountModal();
              openLogin(onSuccess);
            }}
            data-testid="signup-login"
          >
            <FormattedMessage id="header.login" />
          </Button>
        </HStack>
        {/* A brand without agencies (regrasDoNegocio.agencias false) offers no agency sign-up. */}
        {agenciesOpen ? (
          <Button
            variant="plain"
            size="sm"
            px="0"
            textDecoration="underline"
            onClick={() =>
              kind === 'agency' ? openSignUp(onSuccess) : openAgencySignUp(onSuccess)
            }
            data-testid={kind === 'agency' ? 'signup-person' : 'signup-agency'}
          >
            <FormattedMessage
              id={kind === 'agency' ? 'signUp.personSignUp' : 'signUp.agencyLink'}
            />
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
