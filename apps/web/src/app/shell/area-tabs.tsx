import { Tabs } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { areaTabsFor, currentTabPath } from './route-titles';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The tabs of the current area (the first path segment); shift+left and shift+right step through them. */
export function AreaTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = areaTabsFor(pathname);
  const current = currentTabPath(pathname);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      // Shift+arrow extends a text selection while typing; a focused tab list moves on its own.
      if (isTyping(event.target) || (event.target as Element | null)?.closest?.('[role="tablist"]')) return;
      if (document.querySelector('[role="dialog"]')) return;
      // Read the address now, not from the last render: quick repeats must step from where the user is.
      const path = window.location.pathname;
      const areaTabs = areaTabsFor(path);
      const index = areaTabs.findIndex((tab) => tab.path === currentTabPath(path));
      const next = areaTabs[index + (event.key === 'ArrowRight' ? 1 : -1)];
      if (index < 0 || !next) return;
      event.preventDefault();
      navigate(next.path);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

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
