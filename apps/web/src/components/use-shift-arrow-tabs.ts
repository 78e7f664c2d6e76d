import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Shift+Left and Shift+Right step through a screen's tabs (the shell's area tabs, a site's or an entity's
 * tabs). `tabs` are the tabs' addresses in order; `currentOf` names the tab an address is on (or null).
 */
export function useShiftArrowTabs(tabs: readonly string[], currentOf: (pathname: string) => string | null) {
  const navigate = useNavigate();
  const latest = useRef({ tabs, currentOf });
  latest.current = { tabs, currentOf };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      // Shift+arrow extends a text selection while typing; a focused tab list moves on its own.
      if (isTyping(event.target) || (event.target as Element | null)?.closest?.('[role="tablist"]')) return;
      if (document.querySelector('[role="dialog"]')) return;
      // Read the address now, not from the last render: quick repeats must step from where the user is.
      const { tabs: list, currentOf: find } = latest.current;
      const current = find(window.location.pathname);
      const index = current === null ? -1 : list.indexOf(current);
      const next = list[index + (event.key === 'ArrowRight' ? 1 : -1)];
      if (index < 0 || !next) return;
      event.preventDefault();
      navigate(next);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}
