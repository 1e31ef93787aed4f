import {
  type ButtonHTMLAttributes,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  cloneElement,
  useState,
} from 'react';

/** How a menu loaded on demand was asked to open: it opens at once, and from a key with its first item focused. */
export type MenuOpening = 'pointer' | 'keyboard';

/** What the loaded menu receives: the trigger to wrap (Radix `Trigger asChild`) and how it was opened, if it was. */
export interface MenuPanelProps {
  trigger: ReactElement;
  opening?: MenuOpening;
}

type TriggerElement = ReactElement<ButtonHTMLAttributes<HTMLButtonElement>>;
// biome-ignore lint/suspicious/noExplicitAny: one cache for panels of any props; each loader fixes its own.
type AnyLoader = () => Promise<ComponentType<any>>;

/** The panels already fetched: a menu mounted after its code arrived renders it straight away. */
const loaded = new Map<AnyLoader, ComponentType<MenuPanelProps>>();

/**
 * A dropdown menu whose code (Radix, the panel, its items) is fetched on demand: until then the
 * trigger is the very same button, with the menu button's role and state (`aria-haspopup`,
 * `aria-expanded`), and the presses that open a Radix menu (the main pointer button; Enter,
 * Space, ArrowDown) open it as soon as the code is in. Hovering or focusing the trigger starts the
 * fetch, so the menu is usually there by the press. `load` must be defined once, at module level.
 */
export function LazyMenu<P extends object>({
  load,
  trigger,
  props,
}: {
  load: () => Promise<ComponentType<P & MenuPanelProps>>;
  trigger: TriggerElement;
  props: P;
}) {
  const [opening, setOpening] = useState<MenuOpening>();
  const [Panel, setPanel] = useState(() => loaded.get(load) as ComponentType<P & MenuPanelProps> | undefined);
  if (Panel) return <Panel {...props} trigger={trigger} opening={opening} />;

  const fetchPanel = () =>
    load().then((panel) => {
      loaded.set(load, panel as ComponentType<MenuPanelProps>);
      return panel;
    });
  const warm = () => void fetchPanel().catch(() => {});
  const open = (how: MenuOpening) => {
    setOpening(how);
    fetchPanel().then(
      (panel) => setPanel(() => panel),
      // Unreachable code (offline): the trigger stays as it was and the next press tries again.
      () => setOpening(undefined),
    );
  };
  const disabled = !!trigger.props.disabled;
  const triggerProps = {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: warm,
    onFocus: warm,
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      if (disabled || e.button !== 0 || e.ctrlKey) return;
      // As Radix does: the press opens the menu, and focus stays where the menu will put it.
      e.preventDefault();
      open('pointer');
    },
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
      if (disabled || !['Enter', ' ', 'ArrowDown'].includes(e.key)) return;
      e.preventDefault();
      open('keyboard');
    },
  } as ButtonHTMLAttributes<HTMLButtonElement>;
  return cloneElement(trigger, triggerProps);
}
