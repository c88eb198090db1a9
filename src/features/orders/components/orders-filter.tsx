import { Button, HStack } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { ORDER_FILTERS, type OrdersFilter } from '../hooks/use-orders';

/**
 * Paid / awaiting payment / cancelled / all: links to the same page with `?status=`, so a reload
 * or the back button keeps the filter; the current one is marked `aria-current`.
 */
export function OrdersFilterBar({
  value,
  hrefOf,
}: {
  value: OrdersFilter;
  hrefOf(filter: OrdersFilter): string;
}) {
  const intl = useIntl();
  return (
    <HStack
      as="nav"
      aria-label={intl.formatMessage({ id: 'orders.filter.label' })}
      gap="2"
      wrap="wrap"
      data-testid="orders-filter"
    >
      {ORDER_FILTERS.map((f) => {
        const current = f === value;
        return (
          <Button
            key={f}
            asChild
            size="sm"
            variant={current ? 'solid' : 'outline'}
            borderRadius="full"
          >
            <RouterLink
              to={hrefOf(f)}
              aria-current={current ? 'page' : undefined}
              replace={false}
              data-testid={`orders-filter-${f}`}
            >
              <FormattedMessage id={`orders.filter.${f}`} />
            </RouterLink>
          </Button>
        );
      })}
    </HStack>
  );
}
