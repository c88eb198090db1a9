import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '#src/lib/money.ts';
import { openLogin, useCartVersion } from '#src/lib/ui-stores.ts';
import { QuantityStepper } from '#src/components/quantity-stepper.tsx';
import {
  LOCAL_CART_MAX_PER_PRODUCT,
  readLocalCart,
  setLocalQuantity,
} from '#src/lib/checkout/local-cart.ts';

/**
 * A guest's local cart in the checkout (brands with `carrinhoLocal`): what was chosen, with the
 * prices the event page showed, to change or remove before logging in. "Entrar para pagar"
 * opens the login; then each entry is sent as a hold (spec §4) and the checkout goes on.
 */
export function GuestCart() {
  const intl = useIntl();
  const headingId = useId();
  const version = useCartVersion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the re-read signal.
  const entries = useMemo(() => readLocalCart(), [version]);
  const units = new Map<number, number>();
  for (const e of entries) {
    for (const p of e.produtos) units.set(p.idproduto, (units.get(p.idproduto) ?? 0) + p.qtd);
  }
  let total = 0;
  let priced = true;
  for (const e of entries) {
    for (const p of e.produtos) {
      const preco = e.itens?.find((i) => i.idproduto === p.idproduto)?.preco;
      if (preco === undefined) priced = false;
      else total += preco * p.qtd;
    }
  }
  const count = [...units.values()].reduce((n, q) => n + q, 0);

  return (
    <Stack gap="4" data-testid="guest-cart">
      <Heading as="h1" size="2xl" fontFamily="heading">
        <FormattedMessage id="page.checkout.title" />
      </Heading>
      <Box
        as="section"
        aria-labelledby={headingId}
        bg="bg"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: '4', md: '6' }}
      >
        <Heading as="h2" size="lg" id={headingId} fontFamily="heading">
          <FormattedMessage id="checkout.yourTickets" />
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="1">
          <FormattedMessage id="checkout.guest.intro" />
        </Text>
        <Stack as="ul" listStyleType="none" gap="4" mt="4">
          {entries.map((entry, index) => (
            <Box
              as="li"
              // biome-ignore lint/suspicious/noArrayIndexKey: the entries have no id; their place is it.
              key={index}
              borderTopWidth={index > 0 ? '1px' : '0'}
              pt={index > 0 ? '4' : '0'}
              data-testid="guest-cart-entry"
            >
              <Text fontWeight="medium">{entry.titulo ?? entry.label}</Text>
              <Stack gap="2" mt="2">
                {entry.produtos.map((p) => {
                  const item = entry.itens?.find((i) => i.idproduto === p.idproduto);
                  const name = item?.produto ?? entry.label;
                  const room = LOCAL_CART_MAX_PER_PRODUCT - (units.get(p.idproduto) ?? 0) + p.qtd;
                  return (
                    <Flex
                      key={p.idproduto}
                      justify="space-between"
                      align="center"
                      gap="2"
                      wrap="wrap"
                      data-testid="guest-cart-line"
                    >
                      <Box>
                        <Text>{name}</Text>
                        {item ? (
                          <Text fontSize="sm" color="fg.muted">
                            <FormattedMessage
                              id="cart.unitPrice"
                              values={{ price: formatMoney(item.preco) }}
                            />
                          </Text>
                        ) : null}
                      </Box>
                      <Flex align="center" gap="2">
                        <QuantityStepper
                          productName={name}
                          value={p.qtd}
                          max={room}
                          onChange={(qtd) => setLocalQuantity(index, p.idproduto, qtd)}
                        />
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          onClick={() => setLocalQuantity(index, p.idproduto, 0)}
                          aria-label={intl.formatMessage(
                            { id: 'checkout.guest.removeAria' },
                            { produto: name },
                          )}
                        >
                          <FormattedMessage id="checkout.guest.remove" />
                        </Button>
                      </Flex>
                    </Flex>
                  );
                })}
              </Stack>
            </Box>
          ))}
        </Stack>
        <Flex justify="space-between" align="baseline" borderTopWidth="1px" mt="4" pt="4">
          <Text fontWeight="medium">
            <FormattedMessage id="product.selectedCount" values={{ qtd: count }} />
          </Text>
          {priced ? (
            <Text fontWeight="bold" fontSize="lg" data-testid="guest-cart-total">
              <FormattedMessage id="cart.total" />: {formatMoney(Math.round(total * 100) / 100)}
            </Text>
          ) : null}
        </Flex>
      </Box>
      <Button size="lg" onClick={() => openLogin()} data-testid="guest-cart-login">
        <FormattedMessage id="checkout.guest.loginToPay" />
      </Button>
    </Stack>
  );
}
