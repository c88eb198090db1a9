import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useDeferredValue, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { firstMissingStep } from '#machines/pre-payment.ts';
import type { GarantiaOferta, SandboxCardInput } from '#schemas/contract.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { RevealedError } from '#src/components/revealed-error.tsx';
import { useBrand } from '#src/lib/brand-context.tsx';
import { chosenCharge } from '#src/lib/checkout/installments.ts';
import { type PaymentActor, usePayment } from '#src/lib/checkout/use-payment.ts';
import { formatMoney } from '#src/lib/money.ts';
import { trackPaymentInfo } from '#src/lib/tracking/track.ts';
import { type CardErrors, type CardField, validateCard } from '../hooks/card';
import { CardForm } from './card-form';
import { focusDelivery } from './delivery-section';
import { HOLDERS_SECTION_ID } from './holders-section';
import { InstallmentsSelect } from './installments-select';
import { PaymentCaptcha } from './payment-captcha';
import { ChargeIntro, MethodPicker, PixPanel, SlipPanel } from './payment-methods';
import { PurchaseTermsCheck, usePurchaseTerms } from './purchase-terms';
import { RefundableChoice } from './refundable-choice';

const EMPTY_CARD: SandboxCardInput = { numero: '', titular: '', validade: '', cvv: '' };

/**
 * The payment of a hold (spec §4 "Payment widget results"): by card, bank slip or Pix, as the
 * brand offers, driven by the payment machine that the checkout machine runs as its child; how
 * it ends is the checkout's to follow.
 * `locked` while the hold changes (an item being removed): nothing can be paid or cancelled.
 * What was typed lives here, so it survives a change of language.
 */
export function PaymentSection({
  payment,
  total,
  locked: lockedByCart,
  holdersMissing,
  idmovimentacao,
  garantia,
  deliveryMissing = false,
  onDeliveryMissing,
  onCartChanged,
  minimumItems = 0,
  itemsMissing = 0,
}: {
  payment: PaymentActor;
  total: number;
  locked: boolean;
  /** Tickets whose required holder is missing: paying first takes the person to them. */
  holdersMissing: number;
  idmovimentacao: number;
  /** The refundable-ticket option, when the brand offers it. */
  garantia: GarantiaOferta | undefined;
  /** A product is delivered to an address and none is chosen: paying first takes the person there. */
  deliveryMissing?: boolean;
  /** Paying was asked without the delivery address (the delivery section shows its error). */
  onDeliveryMissing?(): void;
  /** The cart changed on the server (the refundable choice): reload it. */
  onCartChanged(): void;
  /** The buyer's minimum purchase (an agency's; 0: none) and the items the hold lacks of it. */
  minimumItems?: number;
  itemsMissing?: number;
}) {
  const headingId = useId();
  const minimumId = useId();
  const pay = usePayment(payment);
  const [card, setCard] = useState<SandboxCardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const terms = usePurchaseTerms();
  const [accepted, setAccepted] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);
  const termsMissing = submitted && terms.data != null && !accepted;
  const holdersAlert = submitted && holdersMissing > 0;
  const [choosing, setChoosing] = useState(false);
  const [refundableAsked, setRefundableAsked] = useState(false);
  const refundableMissing = refundableAsked && garantia?.escolhida === null;
  const locked = lockedByCart || choosing;
  const captchaOn = useBrand().captcha.payment;
  const [captcha, setCaptcha] = useState<string | undefined>(undefined);
  // Shown when a payment was asked without a solution, until one is given.
  const [captchaMissing, setCaptchaMissing] = useState(false);

  const acceptedBrands = pay.gateway?.bandeiras_aceitas ?? [];

  function change(field: CardField, value: string) {
    const next = { ...card, [field]: value };
    setCard(next);
    if (submitted) setErrors(validateCard(next, acceptedBrands));
  }

  /** The holders' section, its first ticket without a holder in view and focused. */
  function goToHolders() {
    const section = document.getElementById(HOLDERS_SECTION_ID);
    const target =
      section?.querySelector<HTMLElement>('[data-testid="holder-ticket"] button') ?? section;
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }

  const method = pay.formas.find((f) => f.forma === pay.forma);
  const byCard = pay.forma === 'cartao';

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const found = byCard ? validateCard(card, acceptedBrands) : {};
    setErrors(found);
    if (terms.loading || terms.error) return;
    const missing = firstMissingStep({
      holdersMissing,
      termsUnaccepted: terms.data != null && !accepted,
      refundableUnchosen: garantia != null && garantia.escolhida === null,
      deliveryMissing,
      captchaUnsolved: captchaOn && !captcha,
      cardInvalid: Object.keys(found).length > 0,
    });
    if (missing === 'holders') {
      goToHolders();
      return;
    }
    if (missing === 'terms') {
      termsRef.current?.focus();
      return;
    }
    if (missing === 'refundable') {
      setRefundableAsked(true);
      document.querySelector<HTMLElement>('[data-testid="refundable"] input')?.focus();
      return;
    }
    if (missing === 'delivery') {
      onDeliveryMissing?.();
      focusDelivery();
      return;
    }
    if (missing === 'captcha') {
      setCaptchaMissing(true);
      document.querySelector<HTMLElement>('[data-testid="payment-captcha"] button')?.focus();
      return;
    }
    if (missing === 'card') {
      // Take the visitor to the first field to fix (after React marked it invalid).
      const form = e.currentTarget;
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    if (locked) return;
    const consent = {
      ...(terms.data ? { termo: terms.data.idtermo } : {}),
      ...(captchaOn && captcha ? { captcha } : {}),
    };
    trackPaymentInfo(idmovimentacao, pay.forma);
    if (!byCard) {
      pay.actor.send({ type: 'payment.issue', ...consent });
      return;
    }
    pay.actor.send({
      type: 'payment.submit',
      card: { ...card, numero: card.numero.replace(/\s/g, '') },
      ...consent,
    });
  }

  const busy = pay.status === 'busy' || pay.status === 'done';
  // The form appears when the gateway arrives, an urgent update of the payment machine (an
  // external store): drawn from a deferred copy, its ~100 elements render in slices the browser
  // can interrupt for a tap, not in one task (~45 ms here, four times that on a mid-range
  // phone) just as the checkout appears. It closes at once.
  const formOpen = pay.gateway != null && (pay.status === 'form' || pay.status === 'busy');
  const formShown = useDeferredValue(formOpen) && formOpen;

  return (
    <Box as="section" aria-labelledby={headingId} data-testid="payment-section">
      <Heading as="h2" size="lg" id={headingId} mb="4" fontFamily="heading">
        <FormattedMessage id={pay.formas.length > 1 ? 'payment.titleAny' : 'payment.title'} />
      </Heading>

      {pay.status === 'pix' && pay.result?.pix ? (
        <PixPanel pix={pay.result.pix} onLater={() => pay.actor.send({ type: 'payment.done' })} />
      ) : null}
      {pay.status === 'boleto' && pay.result?.boleto ? (
        <SlipPanel
          boleto={pay.result.boleto}
          onDone={() => pay.actor.send({ type: 'payment.done' })}
        />
      ) : null}

      {pay.status === 'loading' || (formOpen && !formShown) ? <LoadingState minH="24" /> : null}

      {pay.status === 'error' || pay.status === 'concludeFailed' ? (
        <ErrorAlert
          message={<ErrorMessage error={pay.error} />}
          onRetry={pay.canRetry ? () => pay.actor.send({ type: 'payment.retry' }) : undefined}
          testId="payment-error"
        />
      ) : null}

      {pay.gateway && formShown ? (
        <Stack asChild gap="5">
          <form onSubmit={submit} noValidate>
            <MethodPicker
              formas={pay.formas}
              value={pay.forma}
              onChange={(forma) => pay.actor.send({ type: 'payment.methodChanged', forma })}
              disabled={busy}
            />
            {byCard ? (
              <>
                <InstallmentsSelect
                  gateway={pay.gateway}
                  value={pay.parcelas}
                  onChange={(parcelas) =>
                    pay.actor.send({ type: 'payment.installmentsChanged', parcelas })
                  }
                  disabled={busy}
                />
                <CardForm
                  card={card}
                  errors={errors}
                  acceptedBrands={pay.gateway.bandeiras_aceitas}
                  onChange={change}
                  disabled={busy}
                />
                <Text fontSize="xs" color="fg.muted">
                  <FormattedMessage
                    id="payment.secureNote"
                    values={{ gateway: pay.gateway.nome }}
                  />
                </Text>
              </>
            ) : method ? (
              <ChargeIntro forma={method} />
            ) : null}
            {garantia ? (
              <RefundableChoice
                idmovimentacao={idmovimentacao}
                oferta={garantia}
                invalid={refundableMissing}
                disabled={busy || lockedByCart}
                onBusy={setChoosing}
                onChanged={onCartChanged}
              />
            ) : null}
            <PurchaseTermsCheck
              terms={terms}
              checked={accepted}
              onChange={setAccepted}
              invalid={termsMissing}
              disabled={busy}
              inputRef={termsRef}
            />
            {captchaOn ? (
              <PaymentCaptcha
                value={captcha}
                onChange={(token) => {
                  setCaptcha(token);
                  if (token) setCaptchaMissing(false);
                }}
                pending={busy}
                invalid={captchaMissing}
                disabled={locked}
              />
            ) : null}
            {holdersAlert ? (
              <ErrorAlert
                status="warning"
                testId="holders-alert"
                message={
                  <Stack gap="1" align="flex-start">
                    <FormattedMessage id="error.holdersMissing" />
                    <Button variant="plain" size="sm" p="0" h="auto" onClick={goToHolders}>
                      <FormattedMessage id="holders.goTo" />
                    </Button>
                  </Stack>
                }
              />
            ) : null}
            {/* Below the buyer's minimum the pay button waits, this being its reason. */}
            {itemsMissing > 0 ? (
              <Text id={minimumId} fontWeight="medium" data-testid="agency-minimum">
                <FormattedMessage
                  id="cart.agencyMinimum"
                  values={{ minimum: minimumItems, missing: itemsMissing }}
                />
              </Text>
            ) : null}
            {/* A declined card or a refusal: above the pay button, in view and focused. */}
            {pay.failed && pay.error ? (
              <RevealedError
                reveal={pay.error}
                message={<ErrorMessage error={pay.error} />}
                onRetry={pay.canRetry ? () => pay.actor.send({ type: 'payment.retry' }) : undefined}
                testId="payment-failed"
              />
            ) : null}
            <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between">
              <Button
                variant="ghost"
                colorPalette="red"
                onClick={() => pay.actor.send({ type: 'payment.close' })}
                disabled={!pay.canClose || locked}
                data-testid="cancel-purchase"
              >
                <FormattedMessage id="payment.cancelPurchase" />
              </Button>
              <Button
                type="submit"
                size="lg"
                loading={busy}
                disabled={locked || itemsMissing > 0}
                aria-describedby={itemsMissing > 0 ? minimumId : undefined}
                data-testid="pay-button"
              >
                <FormattedMessage
                  id={
                    pay.forma === 'pix'
                      ? 'payment.pix.issue'
                      : pay.forma === 'boleto'
                        ? 'payment.boleto.issue'
                        : 'payment.pay'
                  }
                  values={{
                    // By card, the chosen option's total (with its interest): what is charged,
                    // the total the checkout's summary shows.
                    total: formatMoney(
                      chosenCharge(pay.gateway, pay.forma, pay.parcelas, total).total,
                    ),
                  }}
                />
              </Button>
            </Flex>
          </form>
        </Stack>
      ) : null}

      {(pay.status === 'error' || pay.status === 'loading') && pay.canClose ? (
        <HStack justify="flex-start" mt="4">
          <Button
            variant="ghost"
            colorPalette="red"
            onClick={() => pay.actor.send({ type: 'payment.close' })}
            disabled={locked}
          >
            <FormattedMessage id="payment.cancelPurchase" />
          </Button>
        </HStack>
      ) : null}
    </Box>
  );
}
