import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPointFilled } from '@tabler/icons-react';
import { PASSWORD_MIN_LENGTH } from '@verdant/domain/constants';
import { passwordChecks } from '@verdant/domain/password-checks';

interface PasswordRulesListProps {
  password: string;
  repeat: string;
}

function Rule({ met, children }: { met: boolean; children: string }) {
  return (
    <List.Item
      icon={
        <ThemeIcon
          size={18}
          radius="xl"
          color={met ? 'verdant' : 'gray.4'}
          variant={met ? 'filled' : 'light'}
        >
          {met ? <IconCheck size={12} aria-hidden /> : <IconPointFilled size={10} aria-hidden />}
        </ThemeIcon>
      }
    >
      <Text fz="sm" c={met ? undefined : 'dimmed'}>
        {children}
        <VisuallyHidden>{met ? ' (done)' : ' (not yet)'}</VisuallyHidden>
      </Text>
    </List.Item>
  );
}

/** Live hints for the complexity rule, so the user sees which part still fails while typing. */
export function PasswordRulesList({ password, repeat }: PasswordRulesListProps) {
  const checks = passwordChecks(password);
  return (
    <List spacing={6} center aria-label="Password rules" aria-live="polite">
      <Rule met={checks.longEnough}>{`At least ${PASSWORD_MIN_LENGTH} characters`}</Rule>
      <Rule met={checks.classCount >= 3}>
        {`At least 3 of: lowercase, uppercase, digit, symbol (${checks.classCount} of 4 so far)`}
      </Rule>
      <Rule met={repeat !== '' && repeat === password}>Both passwords match</Rule>
    </List>
  );
}
