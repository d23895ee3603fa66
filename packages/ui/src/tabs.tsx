import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  /** The panel shown while this tab is selected. Tabs with no panels only switch something else. */
  panel?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<Id extends string = string> {
  items: readonly TabItem<Id>[];
  /** Accessible name of the tab list (translated by the caller). */
  label: string;
  /** Controlled selection; omit it and pass `defaultValue` for an uncontrolled one. */
  value?: Id;
  defaultValue?: Id;
  onChange?: (id: Id) => void;
  /** Stretch the tabs over the full width (a two- or three-way switcher). */
  block?: boolean;
  className?: string;
}

const List = styled.div<{ $block: boolean }>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  max-width: 100%;
  gap: 4px;
  padding: 4px;
  overflow-x: auto;
  scrollbar-width: none;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $block: boolean }>`
  flex: ${({ $block }) => ($block ? '1 1 0' : 'none')};
  min-height: 40px;
  padding: 0 18px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  font-size: 14px;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background 120ms ease,
    color 120ms ease;
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.gradients.gold};
  }
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline-offset: -3px;
  }
`;

const Panel = styled.div`
  padding-top: 16px;
  &:focus-visible {
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

/**
 * WAI-ARIA tabs: one tab in the tab order (roving tabindex), arrow keys move and select
 * (Left/Right, Home/End, wrapping), `aria-selected` marks the selected one.
 */
export function Tabs<Id extends string = string>({
  items,
  label,
  value,
  defaultValue,
  onChange,
  block = false,
  className,
}: TabsProps<Id>) {
  const baseId = useId();
  const [inner, setInner] = useState<Id | undefined>(defaultValue);
  const enabled = items.filter((item) => !item.disabled);
  const selected = value ?? inner ?? enabled[0]?.id;
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const hasPanels = items.some((item) => item.panel !== undefined);

  const select = (id: Id) => {
    if (value === undefined) setInner(id);
    if (id !== selected) onChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: Id) => {
    const index = enabled.findIndex((item) => item.id === id);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % enabled.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + enabled.length) % enabled.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = enabled.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = enabled[next];
    if (!target) return;
    refs.current.get(target.id)?.focus();
    select(target.id);
  };

  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;
  const current = items.find((item) => item.id === selected);

  return (
    <div className={className}>
      <List role="tablist" aria-label={label} $block={block}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <Tab
              key={item.id}
              ref={(node) => {
                if (node) refs.current.set(item.id, node);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              aria-controls={hasPanels ? panelId(item.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              $block={block}
              onClick={() => select(item.id)}
              onKeyDown={(event) => onKeyDown(event, item.id)}
            >
              {item.label}
            </Tab>
          );
        })}
      </List>
      {hasPanels && current ? (
        <Panel
          role="tabpanel"
          id={panelId(current.id)}
          aria-labelledby={tabId(current.id)}
          tabIndex={0}
        >
          {current.panel}
        </Panel>
      ) : null}
    </div>
  );
}
