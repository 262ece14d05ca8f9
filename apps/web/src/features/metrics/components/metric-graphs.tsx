import { METRIC_GRAPHS_MAX, type MetricGraph } from '@aerie/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { useMetricProviders } from '../api/get-metric-providers';
import { useMetricTypes } from '../api/get-metric-types';
import { metricsMessages } from '../messages';
import { graphsOfDevice, type MetricReference } from '../utils/graph-form';
import { MetricGraphCard } from './metric-graph-card';

/** The Add Graph dialog and its form: loaded when first opened, not with the tab. */
const AddGraphModal = lazy(() =>
  import('./add-graph-modal').then((module) => ({ default: module.AddGraphModal })),
);

export interface MetricGraphsProps {
  deviceId: string;
  /** Every saved graph of the user (all devices): the setting `userGraphs`. */
  graphs: readonly MetricGraph[];
  /** Saves the whole list; rejects when the server refuses. */
  onSave: (graphs: MetricGraph[]) => Promise<void>;
}

/**
 * The device Metrics tab (spec 001 §2): Add Graph, then the user's graphs that plot a metric
 * of this device, or 'Add some graphs via the button above!'.
 */
export function MetricGraphs({ deviceId, graphs, onSave }: MetricGraphsProps) {
  const [adding, setAdding] = useState(false);
  const modalWanted = useRef(false);
  if (adding) modalWanted.current = true;
  const providers = useMetricProviders();
  const types = useMetricTypes();
  const reference: MetricReference | undefined =
    providers.data && types.data ? { providers: providers.data, metrics: types.data } : undefined;
  const shown = graphsOfDevice(graphs, deviceId);

  const add = async (graph: MetricGraph) => {
    if (graphs.length >= METRIC_GRAPHS_MAX) {
      throw new Error(metricsMessages.tooManyGraphs(METRIC_GRAPHS_MAX));
    }
    await onSave([...graphs, graph]);
    setAdding(false);
  };
  const replace = (next: MetricGraph) => {
    void onSave(graphs.map((g) => (g.id === next.id ? next : g))).catch(() => undefined);
  };
  const remove = (id: string) => {
    void onSave(graphs.filter((g) => g.id !== id)).catch(() => undefined);
  };

  return (
    <Stack gap="md">
      <Group justify="flex-start">
        <Button onClick={() => setAdding(true)}>{metricsMessages.addGraph}</Button>
      </Group>
      {shown.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {metricsMessages.noGraphs}
          </Text>
        </Paper>
      ) : (
        shown.map((graph) => (
          <MetricGraphCard
            key={graph.id}
            graph={graph}
            reference={reference}
            onChange={replace}
            onRemove={() => remove(graph.id)}
          />
        ))
      )}
      {/* Kept once opened: the dialog closes with its transition and gives focus back. */}
      {modalWanted.current && (
        <Suspense fallback={null}>
          <AddGraphModal
            opened={adding}
            deviceId={deviceId}
            onClose={() => setAdding(false)}
            onAdd={add}
          />
        </Suspense>
      )}
    </Stack>
  );
}
