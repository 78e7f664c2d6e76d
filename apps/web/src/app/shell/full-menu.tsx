import { Kbd } from '@mantine/core';
import { Spotlight, type SpotlightActionGroupData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { HELP_TOPICS } from '@verdant/domain/help';
import { MSG } from '@verdant/domain/messages';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useFullMenu } from '../../features/current-user/api';
import { MenuIcon } from './menu-icons';

/**
 * The full-menu overlay: every screen the user's rights allow, grouped by section, then the help page's
 * topics (so a word typed finds the help that explains it). Typing filters, arrow keys move, Enter opens,
 * Esc closes; Ctrl/Cmd+K opens it from anywhere but a text field.
 */
export function FullMenu() {
  const navigate = useNavigate();
  const menu = useFullMenu();

  const actions = useMemo<SpotlightActionGroupData[]>(() => {
    const groups = new Map<string, SpotlightActionGroupData>();
    for (const item of menu.data ?? []) {
      const group = groups.get(item.section) ?? { group: item.section, actions: [] };
      group.actions.push({
        id: item.id,
        label: item.label,
        description: item.description,
        keywords: [item.section, item.path],
        leftSection: <MenuIcon id={item.id} size={20} />,
        onClick: () => navigate(item.path),
      });
      groups.set(item.section, group);
    }
    const help: SpotlightActionGroupData = {
      group: 'Help topics',
      actions: HELP_TOPICS.map((topic) => ({
        id: `help-${topic.id}`,
        label: `Help: ${topic.title}`,
        description: topic.summary,
        keywords: ['help', ...topic.keywords],
        leftSection: <MenuIcon id="help" size={20} />,
        onClick: () => navigate(`/help#${topic.id}`),
      })),
    };
    return [...groups.values(), help];
  }, [menu.data, navigate]);

  return (
    <Spotlight
      actions={actions}
      shortcut={['mod + K']}
      nothingFound={menu.isPending ? 'Loading the menu…' : MSG.noResults}
      highlightQuery
      scrollable
      maxHeight={480}
      // The list scrolls once the menu is longer than 480 px: its viewport takes focus so keyboard users can
      // scroll it too (axe: scrollable-region-focusable).
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Menu entries' } }}
      // The selected entry's description in full white on the primary colour (Mantine dims it to 70%, which
      // fails the contrast check).
      styles={{ action: { '--action-description-opacity': '1' } as React.CSSProperties }}
      size="lg"
      searchProps={{
        leftSection: <IconSearch size={18} stroke={1.6} aria-hidden />,
        rightSection: <Kbd size="xs">Esc</Kbd>,
        rightSectionWidth: 48,
        placeholder: 'Filter the menu…',
        'aria-label': 'Filter the menu',
      }}
    />
  );
}
