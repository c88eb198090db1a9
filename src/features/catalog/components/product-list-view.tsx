import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Locale, Produto, TipoProduto } from '#schemas/contract.ts';
import { ApproxPrice } from '#src/components/approx-price.tsx';
import { QuantityStepper } from '#src/components/quantity-stepper.tsx';
import { useBrand } from '#src/lib/brand-context.tsx';
import { formatMoney } from '#src/lib/money.ts';
import { maxQuantity } from '../hooks/use-quantities';

/** The products of a session, grouped by type, each with its price and a stepper. */
export function ProductListView({
  tipos,
  quantities,
  onChange,
  disabled,
}: {
  tipos: TipoProduto[];
  quantities: Record<number, number>;
  onChange(p: Produto, qtd: number): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const campaign = useBrand().cardCampaign;
  return (
    <Stack gap="6">
      {tipos.map((tipo) => (
        <Box as="section" key={tipo.idtipo} aria-label={tipo.dsctipo}>
          <Heading
            as="h3"
            size="sm"
            textTransform="uppercase"
            letterSpacing="wide"
            color="fg.muted"
            mb="2"
          >
            {tipo.dsctipo}
          </Heading>
          <Stack
            as="ul"
            listStyleType="none"
            gap="0"
            borderWidth="1px"
            borderRadius="lg"
            divideY="1px"
          >
            {tipo.produtos.map((p) => {
              const max = maxQuantity(p);
              return (
                <Flex
                  as="li"
                  key={p.idproduto}
                  data-testid={`product-${p.idproduto}`}
                  align="center"
                  justify="space-between"
                  gap="4"
                  px="4"
                  py="3"
                >
                  <Box>
                    <Text fontWeight="medium">{p.dscproduto}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      <Text as="span" fontWeight="semibold" color="fg">
                        {formatMoney(p.preco_ctaxa)}
                      </Text>{' '}
                      {p.taxa > 0 ? (
                        <FormattedMessage
                          id="product.feeIncluded"
                          values={{ taxa: formatMoney(p.taxa) }}
                        />
                      ) : null}
                    </Text>
                    <ApproxPrice reais={p.preco_ctaxa} />
                    {p.campanha && campaign ? (
                      <Text fontSize="sm" color="fg.info" data-testid="product-card-campaign">
                        <FormattedMessage
                          id="product.cardCampaign"
                          values={{ campanha: campaign.name[intl.locale as Locale] }}
                        />
                      </Text>
                    ) : null}
                    {max === 0 ? (
                      <Text fontSize="sm" color="fg.error">
                        <FormattedMessage id="product.soldOut" />
                      </Text>
                    ) : null}
                  </Box>
                  <QuantityStepper
                    productName={p.dscproduto}
                    value={Math.min(quantities[p.idproduto] ?? 0, max)}
                    max={max}
                    onChange={(n) => onChange(p, n)}
                    disabled={disabled}
                  />
                </Flex>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
