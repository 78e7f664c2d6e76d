import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useNavIcons, useSaveNavIcons } from '../../features/current-user/api';
import { errorMessage } from '../../lib/api-errors';
import { showErrorBanner } from '../../lib/banners';
import { menuEntryFor } from './route-titles';

/** Dashboard is always in the side navigation, so pinning it would only add a duplicate. */
const ALWAYS_SHOWN = new Set(['dashboard']);

export function PinPageButton() {
  const { pathname } = useLocation();
  const entry = menuEntryFor(pathname);
  const navIcons = useNavIcons();
  const save = useSaveNavIcons();
  if (!entry || ALWAYS_SHOWN.has(entry.id) || !navIcons.isSuccess) return null;

  const pinned = navIcons.data.includes(entry.id);
  const label = pinned ? `Unpin ${entry.label} from quick icons` : `Pin ${entry.label} to quick icons`;
  const toggle = () => {
    const next = pinned ? navIcons.data.filter((id) => id !== entry.id) : [...navIcons.data, entry.id];
    save.mutate(next, { onError: (error) => showErrorBanner(errorMessage(error), 'Quick icons not saved') });
  };

  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={pinned ? 'light' : 'subtle'}
        color={pinned ? 'verdant' : 'gray'}
        aria-label={label}
        aria-pressed={pinned}
        onClick={toggle}
      >
        {pinned ? <IconPinnedOff size={18} aria-hidden /> : <IconPin size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
