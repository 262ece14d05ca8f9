import { Anchor, CloseButton, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Icon } from '../../../components/ui/icons';
import { routePath } from '../../../lib/route-paths';
import { deviceQueryNameOptions, DeviceWidget } from '../../devices';
import { subscriptionQueryNameOptions, SubscriptionWidget } from '../../subscriptions';
import type { DashboardsApi } from '../hooks/use-dashboards';
import { dashboardsMessages as m } from '../messages';
import {
  fits,
  GRID_COLUMNS,
  type Direction,
  type GridResult,
  type Widget,
} from '../utils/dashboard-grid';
import type { Dashboard } from '../utils/dashboards-storage';
import classes from './widget-grid.module.css';

type Handle = 'move' | 'resize';

interface Drag {
  key: string;
  handle: Handle;
  /** Where the pointer went down, and the size of a cell with its gap, in pixels. */
  startX: number;
  startY: number;
  columnPitch: number;
  rowPitch: number;
  /** The change so far, in whole cells. */
  cells: [number, number];
}

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};
const RESIZE_BY: Record<Direction, [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

export const widgetKey = (w: Widget) => `${w.entityType}:${w.entityId}:${w.type}`;

function cellStyle(location: [number, number], size: [number, number]): CSSProperties {
  return {
    '--x': location[0] + 1,
    '--y': location[1] + 1,
    '--w': size[0],
    '--h': size[1],
  } as CSSProperties;
}

/** The widget's place and size once a drag of `cells` ends. */
function dragged(widget: Widget, drag: Drag): Pick<Widget, 'location' | 'size'> {
  const [dx, dy] = drag.cells;
  return drag.handle === 'move'
    ? { location: [widget.location[0] + dx, widget.location[1] + dy], size: widget.size }
    : { location: widget.location, size: [widget.size[0] + dx, widget.size[1] + dy] };
}

export interface WidgetGridProps {
  dashboard: Dashboard;
  api: Pick<DashboardsApi, 'nudge' | 'place' | 'resize' | 'unpin'>;
}

/**
 * The widgets of a dashboard on its grid (spec 002 §3): each is moved by its grip and resized
 * by its corner, with the mouse (a dashed outline shows where it would land, red where it
 * does not fit) or with the arrow keys; a change that would overlap another widget or leave
 * the grid is refused and said. Widgets are read in the grid's order (row by row).
 */
export function WidgetGrid({ dashboard, api }: WidgetGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const refocus = useRef<{ key: string; handle: Handle } | null>(null);
  const moveHelpId = useId();
  const resizeHelpId = useId();

  // Moving a widget reorders the grid (row by row): its handle keeps the keyboard's focus.
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target || !grid.current) return;
    refocus.current = null;
    const handle = grid.current.querySelector<HTMLElement>(
      `[data-widget-key="${CSS.escape(target.key)}"] [data-handle="${target.handle}"]`,
    );
    if (handle && document.activeElement !== handle) handle.focus();
  });

  const ordered = dashboard.widgets
    .map((widget, index) => ({ widget, index }))
    .sort(
      (a, b) =>
        a.widget.location[1] - b.widget.location[1] || a.widget.location[0] - b.widget.location[0],
    );

  const said = (result: GridResult, index: number, handle: Handle) => {
    if (!result.ok) {
      setAnnouncement(m.blocked);
      return;
    }
    const widget = result.state.dashboards.find((d) => d.id === dashboard.id)?.widgets[index];
    if (!widget) return;
    setAnnouncement(
      handle === 'move'
        ? m.movedTo(widget.location[0] + 1, widget.location[1] + 1)
        : m.resizedTo(widget.size[0], widget.size[1]),
    );
  };

  const onKeyDown = (event: KeyboardEvent, widget: Widget, index: number, handle: Handle) => {
    const direction = ARROWS[event.key];
    if (!direction) return;
    event.preventDefault();
    refocus.current = { key: widgetKey(widget), handle };
    const result =
      handle === 'move'
        ? api.nudge(dashboard.id, index, direction)
        : api.resize(dashboard.id, index, RESIZE_BY[direction]);
    said(result, index, handle);
  };

  const onPointerDown = (event: PointerEvent, widget: Widget, handle: Handle) => {
    if (event.button !== 0 || !grid.current) return;
    event.preventDefault();
    const style = getComputedStyle(grid.current);
    const columnGap = parseFloat(style.columnGap) || 0;
    const rowGap = parseFloat(style.rowGap) || 0;
    const rowHeight = parseFloat(style.gridAutoRows) || 96;
    const width = grid.current.getBoundingClientRect().width;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({
      key: widgetKey(widget),
      handle,
      startX: event.clientX,
      startY: event.clientY,
      columnPitch: (width + columnGap) / GRID_COLUMNS,
      rowPitch: rowHeight + rowGap,
      cells: [0, 0],
    });
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    const cells: [number, number] = [
      Math.round((event.clientX - drag.startX) / drag.columnPitch),
      Math.round((event.clientY - drag.startY) / drag.rowPitch),
    ];
    if (cells[0] !== drag.cells[0] || cells[1] !== drag.cells[1]) setDrag({ ...drag, cells });
  };

  const onPointerUp = (widget: Widget, index: number) => {
    if (!drag) return;
    setDrag(null);
    const [dx, dy] = drag.cells;
    if (dx === 0 && dy === 0) return;
    const result =
      drag.handle === 'move'
        ? api.place(dashboard.id, index, [widget.location[0] + dx, widget.location[1] + dy])
        : api.resize(dashboard.id, index, [dx, dy]);
    said(result, index, drag.handle);
  };

  const dragging = drag ? ordered.find(({ widget }) => widgetKey(widget) === drag.key) : undefined;
  const preview = drag && dragging ? dragged(dragging.widget, drag) : null;
  const previewFits =
    preview && dragging ? fits(dashboard.widgets, preview, dragging.index) : false;

  return (
    <div className={classes.container}>
      <VisuallyHidden id={moveHelpId}>{m.moveHelp}</VisuallyHidden>
      <VisuallyHidden id={resizeHelpId}>{m.resizeHelp}</VisuallyHidden>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <div ref={grid} className={classes.grid} aria-label={m.gridLabel(dashboard.name)} role="list">
        {ordered.map(({ widget, index }) => {
          const handlers = (handle: Handle) => ({
            'data-handle': handle,
            'aria-describedby': handle === 'move' ? moveHelpId : resizeHelpId,
            onKeyDown: (event: KeyboardEvent) => onKeyDown(event, widget, index, handle),
            onPointerDown: (event: PointerEvent) => onPointerDown(event, widget, handle),
            onPointerMove,
            onPointerUp: () => onPointerUp(widget, index),
            onPointerCancel: () => setDrag(null),
          });
          return (
            <WidgetFrame
              key={widgetKey(widget)}
              widget={widget}
              moveHandle={handlers('move')}
              resizeHandle={handlers('resize')}
              onUnpin={(name) => {
                const result = api.unpin(dashboard.id, index);
                if (result.ok) setAnnouncement(m.unpinned(name));
              }}
            />
          );
        })}
        {preview ? (
          <div
            className={classes.preview}
            style={cellStyle(preview.location, preview.size)}
            data-fits={previewFits}
            data-testid="widget-drop-preview"
            aria-hidden
          />
        ) : null}
      </div>
    </div>
  );
}

type HandleProps = Record<string, unknown>;

function WidgetFrame({
  widget,
  moveHandle,
  resizeHandle,
  onUnpin,
}: {
  widget: Widget;
  moveHandle: HandleProps;
  resizeHandle: HandleProps;
  onUnpin: (name: string) => void;
}) {
  const { name, link, content } = useWidgetEntity(widget);
  return (
    <div
      className={classes.widget}
      style={cellStyle(widget.location, widget.size)}
      role="listitem"
      aria-label={name}
      data-widget-key={widgetKey(widget)}
      data-testid="dashboard-widget"
      data-type={widget.type}
      data-location={widget.location.join(',')}
      data-size={widget.size.join('x')}
    >
      <div className={classes.header}>
        <button type="button" className={classes.handle} aria-label={m.move(name)} {...moveHandle}>
          <Icon name="grip" size={16} />
        </button>
        <div className={classes.title}>
          {link ? (
            <Anchor
              component={Link}
              to={link}
              title={name}
              size="sm"
              fw={600}
              truncate="end"
              display="block"
            >
              {name}
            </Anchor>
          ) : (
            <Text size="sm" fw={600} truncate="end">
              {name}
            </Text>
          )}
        </div>
        <CloseButton size="sm" aria-label={m.unpin(name)} onClick={() => onUnpin(name)} />
      </div>
      <div className={classes.body}>{content}</div>
      <button
        type="button"
        className={`${classes.handle} ${classes.resize}`}
        aria-label={m.resize(name)}
        {...resizeHandle}
      >
        <Icon name="resize" size={14} />
      </button>
    </div>
  );
}

/** What a widget shows of its entity: a name, a link to its page, its live content. */
function useWidgetEntity(widget: Widget): {
  name: string;
  link: string | null;
  content: ReactNode;
} {
  const isDevice = widget.entityType === 'device';
  const { data: deviceName } = useQuery({
    ...deviceQueryNameOptions(widget.entityId),
    enabled: isDevice,
  });
  const { data: subscriptionName } = useQuery({
    ...subscriptionQueryNameOptions(widget.entityId),
    enabled: !isDevice,
  });
  if (isDevice) {
    return {
      name: deviceName ?? m.deviceFallbackName,
      link: routePath('deviceOverview', { id: widget.entityId }),
      content: <DeviceWidget deviceId={widget.entityId} type={widget.type} />,
    };
  }
  return {
    name: subscriptionName ?? m.subscriptionFallbackName,
    link: routePath('subscription2Overview', { id: widget.entityId }),
    content: <SubscriptionWidget subscriptionId={widget.entityId} type={widget.type} />,
  };
}
