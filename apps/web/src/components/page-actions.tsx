import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';

interface ActionsRibbonState {
  opened: boolean;
  toggle: () => void;
  /** The ribbon's slot element; null while the ribbon is closed. */
  slot: HTMLElement | null;
  setSlot: (element: HTMLElement | null) => void;
  /** How many pages currently offer actions, so an empty ribbon can say so. */
  providers: number;
  register: () => () => void;
}

const ActionsRibbonContext = createContext<ActionsRibbonState | null>(null);

export function ActionsRibbonProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [providers, setProviders] = useState(0);
  const toggle = useCallback(() => setOpened((value) => !value), []);
  const register = useCallback(() => {
    setProviders((count) => count + 1);
    return () => setProviders((count) => count - 1);
  }, []);
  const value = useMemo(
    () => ({ opened, toggle, slot, setSlot, providers, register }),
    [opened, toggle, slot, providers, register],
  );
  return <ActionsRibbonContext.Provider value={value}>{children}</ActionsRibbonContext.Provider>;
}

export function useActionsRibbon(): ActionsRibbonState {
  const state = useContext(ActionsRibbonContext);
  if (!state) throw new Error('useActionsRibbon needs an ActionsRibbonProvider');
  return state;
}

/**
 * A page puts its actions (buttons that open its modals and wizards) into the shell's Actions ribbon
 * with this; they render only while the ribbon is open.
 */
export function PageActions({ children }: { children: ReactNode }) {
  const { slot, register } = useActionsRibbon();
  useEffect(() => register(), [register]);
  return slot ? createPortal(children, slot) : null;
}
