import { Box, Button, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { dateButtonParts, formatLongDate } from '../../../lib/dates';

/** A scrollable row of the days with sessions; one is picked (a toggle group of buttons). */
export function DatePickerRow({
  dates,
  selected,
  onSelect,
  labelledBy,
}: {
  dates: string[];
  selected: string | null;
  onSelect(dia: string): void;
  labelledBy: string;
}) {
  const intl = useIntl();
  return (
    <Box overflowX="auto" pb="2" mx={{ base: '-4', md: '0' }} px={{ base: '4', md: '0' }}>
      <HStack
        as="ul"
        role="list"
        aria-labelledby={labelledBy}
        gap="2"
        listStyleType="none"
        minW="max-content"
      >
        {dates.map((dia) => {
          const parts = dateButtonParts(dia, intl.locale);
          const active = dia === selected;
          return (
            <li key={dia}>
              <Button
                data-testid={`date-${dia}`}
                aria-pressed={active}
                variant={active ? 'solid' : 'outline'}
                onClick={() => onSelect(dia)}
                flexDirection="column"
                h="auto"
                minW="16"
                py="2"
                gap="0"
              >
                <Text as="span" fontSize="xs" textTransform="uppercase">
                  {parts.weekday}
                </Text>
                <Text as="span" fontSize="xl" fontWeight="bold" lineHeight="1.1">
                  {parts.day}
                </Text>
                <Text as="span" fontSize="xs" textTransform="uppercase">
                  {parts.month}
                </Text>
                {/* The name is what the button shows (WCAG 2.5.3), then the date in full. */}
                <VisuallyHidden>, {formatLongDate(dia, intl.locale)}</VisuallyHidden>
              </Button>
            </li>
          );
        })}
      </HStack>
    </Box>
  );
}
