import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SandboxCardInput } from '../../../../schemas/contract';
import { ErrorAlert, ErrorMessage } from '../../../components/error-alert';
import { LoadingState } from '../../../components/loading-state';
import { formatMoney } from '../../../lib/money';
import { type CardErrors, type CardField, validateCard } from '../hooks/card';
import { type PaymentActor, usePayment } from '../hooks/use-payment';
import { CardForm } from './card-form';
import { InstallmentsSelect } from './installments-select';
import { ChargeIntro, MethodPicker, PixPanel, SlipPanel } from './payment-methods';

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
  locked,
}: {
  payment: PaymentActor;
  total: number;
  locked: boolean;
}) {
  const headingId = useId();
  const pay = usePayment(payment);
  const [card, setCard] = useState<SandboxCardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  // A declined card: the message is announced and focus goes to it.
  useEffect(() => {
    if (pay.failed && pay.error) alertRef.current?.focus();
  }, [pay.failed, pay.error]);

  const acceptedBrands = pay.gateway?.bandeiras_aceitas ?? [];

  function change(field: CardField, value: string) {
    const next = { ...card, [field]: value };
    setCard(next);
    if (submitted) setErrors(validateCard(next, acceptedBrands));
  }

  const method = pay.formas.find((f) => f.forma === pay.forma);
  const byCard = pay.forma === 'cartao';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!byCard) {
      if (!locked) pay.actor.send({ type: 'payment.issue' });
      return;
    }
    setSubmitted(true);
    const found = validateCard(card, acceptedBrands);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Take the visitor to the first field to fix (after React marked it invalid).
      const form = e.currentTarget;
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    if (locked) return;
    pay.actor.send({
      type: 'payment.submit',
      card: { ...card, numero: card.numero.replace(/\s/g, '') },
    });
  }

  const busy = pay.status === 'busy' || pay.status === 'done';

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

      {pay.status === 'loading' ? <LoadingState minH="24" /> : null}

      {pay.status === 'error' || pay.status === 'concludeFailed' ? (
        <ErrorAlert
          message={<ErrorMessage error={pay.error} />}
          onRetry={pay.canRetry ? () => pay.actor.send({ type: 'payment.retry' }) : undefined}
          testId="payment-error"
        />
      ) : null}

      {pay.gateway && (pay.status === 'form' || pay.status === 'busy') ? (
        <Stack asChild gap="5">
          <form onSubmit={submit} noValidate>
            {pay.failed && pay.error ? (
              <Box ref={alertRef} tabIndex={-1} outline="none">
                <ErrorAlert
                  message={<ErrorMessage error={pay.error} />}
                  onRetry={
                    pay.canRetry ? () => pay.actor.send({ type: 'payment.retry' }) : undefined
                  }
                  testId="payment-failed"
                />
              </Box>
            ) : null}
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
                disabled={locked}
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
                  values={{ total: formatMoney(total) }}
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
