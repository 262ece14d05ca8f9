import type { FleetClusters } from '@aerie/contract';
import { useComputedColorScheme } from '@mantine/core';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import landUrl from 'world-atlas/land-110m.json?url';
import { fleetMessages } from '../fleet-messages';
import {
  abbreviateCount,
  clampView,
  clusterLook,
  fitView,
  fleetBounds,
  mercator,
  panView,
  unmercator,
  viewBounds,
  zoomViewAround,
  type MapView,
} from '../utils/fleet-map';
import { MAP_OFFLINE_COLOR, MAP_ONLINE_COLOR } from '../utils/map-location';
import { palettes } from './map/basemap-palette';
import classes from './fleet-map-preview.module.css';

const texts = fleetMessages.map;

let land: Promise<string> | null = null;

/** The world's land (Natural Earth 1:110m, bundled) as one SVG path in zoom-0 Mercator pixels. */
function landPath(): Promise<string> {
  land ??= fetch(landUrl)
    .then((response) => response.json() as Promise<Topology>)
    .then((topology) => {
      const shapes = feature(topology, topology.objects['land'] as GeometryCollection);
      let d = '';
      for (const shape of shapes.features) {
        const geometry = shape.geometry;
        const polygons =
          geometry.type === 'Polygon'
            ? [geometry.coordinates]
            : geometry.type === 'MultiPolygon'
              ? geometry.coordinates
              : [];
        for (const polygon of polygons)
          for (const ring of polygon) {
            let previous: number | null = null;
            for (const [longitude = 0, latitude = 0] of ring) {
              const [x, y] = mercator(longitude, latitude);
              // A ring that crosses the antimeridian goes on from the other edge, not across.
              const jump = previous !== null && Math.abs(longitude - previous) > 180;
              d += `${previous === null || jump ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
              previous = longitude;
            }
            d += 'Z';
          }
      }
      return d;
    });
  return land;
}

/** The preview's own zoom buttons and keys: a step of one zoom, and 100 px a key press. */
const KEY_PAN_PX = 100;
/** A pointer that moves less than this between down and up is a click, not a drag. */
const CLICK_SLOP_PX = 4;

export interface FleetMapPreviewProps {
  /** The whole fleet at zoom 0: its box gives the view the map opens on. */
  fleet: FleetClusters;
  /** The server's clusters and devices to draw (the view's own once asked, else `fleet`). */
  shown?: FleetClusters;
  /** The view the user moved to, or null for the fitted first view. */
  view?: MapView | null;
  /** The user moved the view (drag, wheel, keys, a cluster or the buttons): its box in degrees. */
  onView?: (view: MapView, bounds: ReturnType<typeof viewBounds>) => void;
  /** A device was clicked: open it. */
  onOpenDevice?: (id: string) => void;
  /** False while the view's own clusters are on their way (browser tests wait for true). */
  settled?: boolean;
}

/**
 * The fleet map's first view, without WebGL (issue 15): the land and the server's clusters
 * drawn as SVG in the view the map opens on, in a few milliseconds, and usable at once: drag to
 * move, the wheel, double click, the buttons or + and − to zoom, the arrow keys to move, a
 * cluster zooms in, a device opens. Each view's clusters are asked of the server, as the WebGL
 * map asks them. The WebGL map (MapLibre, about a second of work on a machine without a GPU)
 * starts underneath once the page has been quiet a while and takes over in the same view.
 */
export function FleetMapPreview({
  fleet,
  shown = fleet,
  view = null,
  onView,
  onOpenDevice,
  settled = true,
}: FleetMapPreviewProps) {
  const basemap = useComputedColorScheme('light');
  const palette = palettes[basemap];
  const ref = useRef<HTMLDivElement>(null);
  const moving = useRef<SVGGElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [path, setPath] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    landPath().then(
      (d) => current && setPath(d),
      () => current && setPath(''),
    );
    return () => {
      current = false;
    };
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // When the fleet first shows (ms since navigation, on the page's clock): bench/fleet-map. It
  // answers the pointer and the keys from then on.
  useEffect(() => {
    const element = ref.current;
    if (element && size && path !== null && !element.dataset.drawnAtMs)
      element.dataset.drawnAtMs = String(Math.round(performance.now()));
  }, [size, path]);

  const bounds = fleetBounds(fleet.bounds);
  const width = size?.width ?? 0;
  const height = size?.height ?? 0;
  const current: MapView =
    view ??
    (bounds && width > 0 ? fitView(bounds, width, height) : { center: mercator(0, 20), zoom: 1 });
  const latest = useRef({ current, width, height, onView, onOpenDevice });
  latest.current = { current, width, height, onView, onOpenDevice };

  // A drag moves the drawing by a transform until the pointer is up; the new view then redraws
  // it in place.
  useLayoutEffect(() => {
    moving.current?.removeAttribute('transform');
  }, [current.center[0], current.center[1], current.zoom]);

  const move = (next: MapView) => {
    const { width: w, height: h, onView: changed } = latest.current;
    if (w > 0) changed?.(next, viewBounds(next, w, h));
  };
  const zoomAt = (zoom: number, px: number, py: number) => {
    const { current: now, width: w, height: h } = latest.current;
    move(zoomViewAround(now, zoom, px, py, w, h));
  };

  // The wheel zooms around the pointer (a listener of its own: React's is passive and cannot
  // keep the page from scrolling).
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 40 : 1;
      const step = Math.max(-1, Math.min(1, (-event.deltaY * lines) / 250));
      const { current: now } = latest.current;
      zoomAt(now.zoom + step, event.clientX - box.left, event.clientY - box.top);
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, []);

  const drag = useRef<{
    id: number;
    x: number;
    y: number;
    dx: number;
    dy: number;
    /** What the pointer went down on: a click (no drag) acts on it. */
    target: Element;
  } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = event.target as Element;
    drag.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      dx: 0,
      dy: 0,
      target,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const now = drag.current;
    if (now?.id !== event.pointerId) return;
    now.dx = event.clientX - now.x;
    now.dy = event.clientY - now.y;
    moving.current?.setAttribute('transform', `translate(${now.dx} ${now.dy})`);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const now = drag.current;
    if (now?.id !== event.pointerId) return;
    drag.current = null;
    if (Math.hypot(now.dx, now.dy) >= CLICK_SLOP_PX) {
      move(panView(latest.current.current, now.dx, now.dy));
      return;
    }
    moving.current?.removeAttribute('transform');
    // A click: on a device it opens, on a group it zooms in where the group splits.
    const hit = now.target.closest<SVGElement>('[data-device], [data-cluster]');
    const device = hit?.dataset['device'];
    if (device) {
      latest.current.onOpenDevice?.(device);
      return;
    }
    const cluster = hit?.dataset['cluster']?.split(',').map(Number);
    if (cluster?.length === 3) {
      const [x = 0, y = 0, zoom = 0] = cluster;
      const { current: at } = latest.current;
      move(clampView({ center: [x, y], zoom: Math.max(zoom, Math.floor(at.zoom) + 1) }));
    }
  };
  const onPointerCancel = () => {
    drag.current = null;
    moving.current?.removeAttribute('transform');
  };
  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    zoomAt(current.zoom + 1, event.clientX - box.left, event.clientY - box.top);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    const by = pan[event.key];
    const zoom = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
    if (!by && !zoom) return;
    event.preventDefault();
    if (by) move(panView(current, by[0], by[1]));
    else zoomAt(current.zoom + zoom, width / 2, height / 2);
  };

  let svg = null;
  if (size && size.width > 0) {
    const scale = 2 ** current.zoom;
    const at = (longitude: number, latitude: number) => {
      const [x, y] = mercator(longitude, latitude);
      return [
        (x - current.center[0]) * scale + size.width / 2,
        (y - current.center[1]) * scale + size.height / 2,
      ] as const;
    };
    svg = (
      <svg width={size.width} height={size.height} aria-hidden focusable="false">
        <g ref={moving}>
          {path ? (
            <path
              d={path}
              fill={palette.land}
              stroke={palette.borders}
              strokeWidth={0.6}
              vectorEffect="non-scaling-stroke"
              transform={`translate(${size.width / 2} ${size.height / 2}) scale(${scale}) translate(${-current.center[0]} ${-current.center[1]})`}
            />
          ) : null}
          {shown.clusters.map(([longitude, latitude, count, offline, expansionZoom, id]) => {
            const [x, y] = at(longitude, latitude);
            const { color, radius } = clusterLook(count);
            const [wx, wy] = mercator(longitude, latitude);
            return (
              <g
                key={`c${id}`}
                className={classes.target}
                data-cluster={`${wx},${wy},${expansionZoom}`}
              >
                <circle
                  cx={x}
                  cy={y}
                  r={radius}
                  fill={color}
                  fillOpacity={0.92}
                  stroke="#fff"
                  strokeWidth={1.5}
                />
                {offline > 0 ? (
                  <circle
                    cx={x}
                    cy={y}
                    r={radius * Math.sqrt(offline / count)}
                    fill={MAP_OFFLINE_COLOR}
                    fillOpacity={0.85}
                  />
                ) : null}
                <text x={x} y={y} dy="0.35em" textAnchor="middle" className={classes.count}>
                  {abbreviateCount(count)}
                </text>
              </g>
            );
          })}
          {shown.devices.map(([id, longitude, latitude, online]) => {
            const [x, y] = at(longitude, latitude);
            return (
              <circle
                key={id}
                className={classes.target}
                data-device={id}
                cx={x}
                cy={y}
                r={6}
                fill={online === 1 ? MAP_ONLINE_COLOR : MAP_OFFLINE_COLOR}
                stroke="#fff"
                strokeWidth={1.5}
              />
            );
          })}
        </g>
      </svg>
    );
  }
  return (
    <div className={classes.frame}>
      <div
        ref={ref}
        className={classes.preview}
        data-basemap={basemap}
        data-testid="fleet-map-preview"
        data-zoom={current.zoom.toFixed(2)}
        data-center={unmercator(current.center[0], current.center[1])
          .map((degrees) => degrees.toFixed(4))
          .join(',')}
        data-settled={String(settled)}
        role="application"
        aria-roledescription={texts.previewRole}
        tabIndex={0}
        aria-label={texts.previewLabel(shown.total, shown.clusters.length + shown.devices.length)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onDoubleClick={onDoubleClick}
        onKeyDown={onKeyDown}
      >
        {svg}
      </div>
      <div className={classes.zoom}>
        <button
          type="button"
          aria-label={texts.zoomIn}
          title={texts.zoomIn}
          onClick={() => zoomAt(current.zoom + 1, width / 2, height / 2)}
        >
          +
        </button>
        <button
          type="button"
          aria-label={texts.zoomOut}
          title={texts.zoomOut}
          onClick={() => zoomAt(current.zoom - 1, width / 2, height / 2)}
        >
          −
        </button>
      </div>
    </div>
  );
}
