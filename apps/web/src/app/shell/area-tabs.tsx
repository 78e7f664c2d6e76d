import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useShiftArrowTabs } from '../../components/use-shift-arrow-tabs';
import { areaTabsFor, currentTabPath } from './route-titles';

/** The tabs of the current area (the first path segment); shift+left and shift+right step through them. */
export function AreaTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = areaTabsFor(pathname);
  const current = currentTabPath(pathname);

  useShiftArrowTabs(
    tabs.map((tab) => tab.path),
    currentTabPath,
  );

  if (tabs.length === 0) return null;
  return (
    <Tabs
      value={current}
      onChange={(value) => {
        if (value && value !== current) navigate(value);
      }}
      variant="default"
      // The sticky bar draws the dividing line across the whole width, so the tab list needs none.
      style={{ '--tab-border-color': 'transparent' }}
    >
      <Tabs.List aria-label="Sections" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path} fw={500}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
