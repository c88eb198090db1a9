import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import {
  PASSWORD_RULES,
  PASSWORD_THRESHOLD,
  type PasswordRule,
  passwordStrength,
} from '#schemas/formats/password.ts';

export function passwordMeterId(fieldId: string): string {
  return `${fieldId}__strength`;
}

type Level = 'weak' | 'fair' | 'strong';

/** The meter's words and palette: below 36 weak, below the threshold fair, else strong. */
export function strengthLevel(score: number): Level {
  if (score >= PASSWORD_THRESHOLD) return 'strong';
  return score >= 36 ? 'fair' : 'weak';
}

const PALETTE: Record<Level, string> = { weak: 'red', fair: 'orange', strong: 'green' };

/**
 * The live strength of a password (spec §5): a bar, its level in words and the rules still
 * failed, recomputed on every keystroke with the same `passwordStrength` the validator uses.
 */
export function PasswordMeter({ id, password }: { id: string; password: string }) {
  const intl = useIntl();
  const { score, failed } = passwordStrength(password);
  const level = strengthLevel(score);
  const levelText = intl.formatMessage({ id: `formui.password.level.${level}` });
  return (
    <Stack id={id} gap="1.5" data-testid="password-strength">
      <HStack gap="3">
        <Box
          role="meter"
          aria-label={intl.formatMessage({ id: 'formui.password.strength' })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={score}
          aria-valuetext={levelText}
          flex="1"
          h="1.5"
          bg="bg.muted"
          rounded="full"
          overflow="hidden"
          colorPalette={PALETTE[level]}
        >
          <Box h="full" w={`${score}%`} bg="colorPalette.solid" transition="width 0.2s" />
        </Box>
        <Text fontSize="xs" color="fg.muted" minW="16" textAlign="end">
          {password ? levelText : ''}
        </Text>
      </HStack>
      {failed.length > 0 ? (
        <Box>
          <Text fontSize="xs" color="fg.muted">
            {intl.formatMessage({ id: 'formui.password.missing' })}
          </Text>
          <Box as="ul" fontSize="xs" color="fg.muted" ps="4" listStyleType="disc">
            {PASSWORD_RULES.filter((r: PasswordRule) => failed.includes(r)).map((rule) => (
              <Box as="li" key={rule} data-rule={rule}>
                {intl.formatMessage({ id: `formui.password.rule.${rule}` })}
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
