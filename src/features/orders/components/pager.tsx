import { Button, HStack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';

/** Previous / "Página 2 de 4" / next. */
export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}) {
  const intl = useIntl();
  if (totalPages <= 1) return null;
  return (
    <HStack
      as="nav"
      aria-label={intl.formatMessage({ id: 'pager.label' })}
      justify="center"
      gap="3"
    >
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid="pager-prev"
      >
        <FormattedMessage id="pager.previous" />
      </Button>
      <Text fontSize="sm" aria-current="page" data-testid="pager-status">
        <FormattedMessage id="pager.status" values={{ page, total: totalPages }} />
      </Text>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        data-testid="pager-next"
      >
        <FormattedMessage id="pager.next" />
      </Button>
    </HStack>
  );
}
