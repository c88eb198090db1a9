import { Box, Button, chakra, HStack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Termo } from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { type AsyncState, useAsync } from '#src/lib/use-async.ts';

/** idtipo_termo of the purchase terms (server/content/terms TERMO_COMPRA). */
const PURCHASE_TERMS = 2;

/** The brand's current purchase terms, or null when it has none (the server then asks none). */
export function usePurchaseTerms(): AsyncState<Termo | null> {
  // In the page's language: asked again when it changes.
  const locale = useCurrentLocale();
  return useAsync(async () => {
    const [current] = await rpc('BaseTermoClass', 'get', [{ idtipo_termo: PURCHASE_TERMS }], {
      display: 'inline',
    });
    return current ?? null;
  }, [locale]);
}

/**
 * "I have read and accept the purchase terms": a checkbox whose label opens the terms in a
 * dialog. Its error (submitting unchecked) is tied to it and announced.
 */
export function PurchaseTermsCheck({
  terms,
  checked,
  onChange,
  invalid,
  disabled,
  inputRef,
}: {
  terms: AsyncState<Termo | null>;
  checked: boolean;
  onChange(checked: boolean): void;
  invalid: boolean;
  disabled: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  if (terms.error) {
    return (
      <ErrorAlert
        status="warning"
        message={<ErrorMessage error={terms.error} />}
        onRetry={terms.reload}
      />
    );
  }
  if (!terms.data) return null;
  return (
    <Box data-testid="purchase-terms">
      <HStack gap="3" align="flex-start">
        <chakra.input
          ref={inputRef}
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          boxSize="5"
          mt="0.5"
          flexShrink={0}
          accentColor="colorPalette.solid"
          cursor="pointer"
          data-testid="purchase-terms-check"
        />
        <chakra.label htmlFor={id} fontSize="sm" cursor="pointer">
          <FormattedMessage
            id="payment.terms.label"
            values={{
              link: (
                <Button
                  key="link"
                  variant="plain"
                  size="sm"
                  h="auto"
                  p="0"
                  minW="0"
                  verticalAlign="baseline"
                  textDecoration="underline"
                  colorPalette="blue"
                  onClick={(e) => {
                    e.preventDefault();
                    setOpen(true);
                  }}
                  data-testid="purchase-terms-open"
                >
                  <FormattedMessage id="payment.terms.link" />
                </Button>
              ),
            }}
          />
        </chakra.label>
      </HStack>
      {invalid ? (
        <Text id={errorId} role="alert" color="fg.error" fontSize="sm" mt="1">
          <FormattedMessage id="payment.terms.required" />
        </Text>
      ) : null}
      <ModalFrame
        open={open}
        onClose={() => setOpen(false)}
        title={terms.data.dsctermo || <FormattedMessage id="payment.terms.title" />}
        testId="purchase-terms-dialog"
        size="lg"
      >
        <Box
          className="term-text"
          fontSize="sm"
          // The server renders the term's Markdown to sanitised HTML (server/content/terms).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server.
          dangerouslySetInnerHTML={{ __html: terms.data.termo }}
        />
      </ModalFrame>
    </Box>
  );
}
