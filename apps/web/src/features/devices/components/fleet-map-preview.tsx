import type { FleetClusters } from '@aerie/contract';
import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import landUrl from 'world-atlas/land-110m.json?url';
import { fleetMessages } from '../fleet-messages';
import { abbreviateCount, clusterLook, fitView, fleetBounds, mercator } from '../utils/fleet-map';
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

/**
 * The fleet map's first view, without WebGL (issue 15): the land and the server's clusters of
 * the whole fleet drawn as SVG in the view the map will open on, in a few milliseconds. The
 * WebGL map (MapLibre, about a second of work on a machine without a GPU) takes over when the
 * pointer or the focus comes to it, or once the page has been quiet a while.
 */
export function FleetMapPreview({ fleet }: { fleet: FleetClusters }) {
  const basemap = useComputedColorScheme('light');
  const palette = palettes[basemap];
  const ref = useRef<HTMLDivElement>(null);
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

  // When the fleet first shows (ms since navigation, on the page's clock): bench/fleet-map.
  useEffect(() => {
    const element = ref.current;
    if (element && size && path !== null && !element.dataset.drawnAtMs)
      element.dataset.drawnAtMs = String(Math.round(performance.now()));
  }, [size, path]);

  const bounds = fleetBounds(fleet.bounds);
  let svg = null;
  if (size && size.width > 0) {
    const view = bounds
      ? fitView(bounds, size.width, size.height)
      : { center: mercator(0, 20), zoom: 1 };
    const scale = 2 ** view.zoom;
    const at = (longitude: number, latitude: number) => {
      const [x, y] = mercator(longitude, latitude);
      return [
        (x - view.center[0]) * scale + size.width / 2,
        (y - view.center[1]) * scale + size.height / 2,
      ] as const;
    };
    svg = (
      <svg width={size.width} height={size.height} aria-hidden focusable="false">
        {path ? (
          <path
            d={path}
            fill={palette.land}
            stroke={palette.borders}
            strokeWidth={0.6}
            vectorEffect="non-scaling-stroke"
            transform={`translate(${size.width / 2} ${size.height / 2}) scale(${scale}) translate(${-view.center[0]} ${-view.center[1]})`}
          />
        ) : null}
        {fleet.clusters.map(([longitude, latitude, count, offline, , id]) => {
          const [x, y] = at(longitude, latitude);
          const { color, radius } = clusterLook(count);
          return (
            <g key={`c${id}`}>
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
        {fleet.devices.map(([id, longitude, latitude, online]) => {
          const [x, y] = at(longitude, latitude);
          return (
            <circle
              key={id}
              cx={x}
              cy={y}
              r={6}
              fill={online === 1 ? MAP_ONLINE_COLOR : MAP_OFFLINE_COLOR}
              stroke="#fff"
              strokeWidth={1.5}
            />
          );
        })}
      </svg>
    );
  }
  return (
    <div
      ref={ref}
      className={classes.preview}
      data-basemap={basemap}
      data-testid="fleet-map-preview"
      role="img"
      tabIndex={0}
      aria-label={texts.previewLabel(fleet.total, fleet.clusters.length + fleet.devices.length)}
    >
      {svg}
    </div>
  );
}
