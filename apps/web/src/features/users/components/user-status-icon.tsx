import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconBan, IconShieldCheck, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { USER_STATUS_LABELS, type UserStatusKind, userStatusKind } from '@verdant/domain/user-status';

const LOOK: Record<UserStatusKind, { color: string; Icon: typeof IconBan }> = {
  active: { color: 'verdant', Icon: IconUserCheck },
  admin: { color: 'indigo', Icon: IconShieldCheck },
  blocked: { color: 'red', Icon: IconBan },
  'org-blocked': { color: 'orange', Icon: IconUserOff },
};

/** Active, administrator, blocked from the product or blocked from the organisation, with a tooltip. */
export function UserStatusIcon({
  user,
}: {
  user: { admin: boolean; blocked: boolean; orgBlocked: boolean };
}) {
  const kind = userStatusKind(user);
  const { color, Icon } = LOOK[kind];
  const label = USER_STATUS_LABELS[kind];
  return (
    <Tooltip label={label} withArrow>
      <ThemeIcon variant="light" color={color} size={26} radius="xl" role="img" aria-label={label}>
        <Icon size={16} stroke={1.8} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
