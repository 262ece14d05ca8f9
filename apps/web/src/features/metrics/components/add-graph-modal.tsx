// The date pickers' styles come with the pages that show them, not on every first load.
import '@mantine/dates/styles.css';
import { METRIC_GRAPH_NAME_MAX, type MetricGraph } from '@aerie/contract';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { useMetricProviders } from '../api/get-metric-providers';
import { useMetricTypes } from '../api/get-metric-types';
import { metricsMessages } from '../messages';
import {
  buildGraph,
  emptyGraphForm,
  selectableTypes,
  validateGraphForm,
  type GraphFormValues,
  type MetricReference,
} from '../utils/graph-form';
import { TIME_SPAN_IDS } from '../utils/time-spans';

/** Width of the Add Graph modal (spec 001 §9). */
export const ADD_GRAPH_MODAL_WIDTH = 640;

const m = metricsMessages.modal;

export interface AddGraphModalProps {
  opened: boolean;
  deviceId: string;
  onClose: () => void;
  /** Saves the new graph; rejects with the message to show. */
  onAdd: (graph: MetricGraph) => Promise<void>;
}

/** The Add Graph modal (spec 001 §2 "Metrics", §5 "Add graph"). */
export function AddGraphModal({ opened, deviceId, onClose, onAdd }: AddGraphModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m.title}
      size={ADD_GRAPH_MODAL_WIDTH}
      closeButtonProps={{ 'aria-label': m.close }}
      centered
    >
      {opened && <AddGraphForm deviceId={deviceId} onCancel={onClose} onAdd={onAdd} />}
    </Modal>
  );
}

interface AddGraphFormProps {
  deviceId: string;
  onCancel: () => void;
  onAdd: (graph: MetricGraph) => Promise<void>;
}

function AddGraphForm({ deviceId, onCancel, onAdd }: AddGraphFormProps) {
  const providers = useMetricProviders();
  const types = useMetricTypes();
  if (providers.isPending || types.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label={m.loadingReference} />
      </Group>
    );
  }
  const reference: MetricReference = {
    providers: providers.data ?? [],
    metrics: types.data ?? [],
  };
  if (reference.providers.length === 0) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {metricsMessages.providersNotFound}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {m.cancel}
          </Button>
        </Group>
      </Stack>
    );
  }

  return <GraphForm reference={reference} deviceId={deviceId} onCancel={onCancel} onAdd={onAdd} />;
}

interface GraphFormProps extends AddGraphFormProps {
  reference: MetricReference;
}

function GraphForm({ reference, deviceId, onCancel, onAdd }: GraphFormProps) {
  const form = useForm({
    initialValues: emptyGraphForm,
    validate: (values) => validateGraphForm(values, reference),
    transformValues: (values) => buildGraph(values, reference, deviceId, crypto.randomUUID()),
  });
  const [saveError, setSaveError] = useState<string | null>(null);
  const values = form.values;
  const errors = form.errors;

  const providerOptions = reference.providers.map((p) => ({ value: p.shortcode, label: p.name }));
  const typeOptions = (
    provider: string | null,
    exclude?: { provider: string | null; type: string | null },
  ) =>
    selectableTypes(reference, provider, exclude).map((t) => ({
      value: t.shortcode,
      label: t.name,
    }));
  const first = { provider: values.firstProvider, type: values.firstType };

  const update = (changes: Partial<GraphFormValues>) => {
    const next = { ...values, ...changes };
    // The second list never offers the first metric: drop a second choice that now equals it.
    if (next.secondProvider === next.firstProvider && next.secondType === next.firstType) {
      next.secondType = null;
    }
    form.setValues(next);
    const cleared = Object.keys(changes);
    if ('firstProvider' in changes) cleared.push('firstType');
    if ('secondType' in changes) cleared.push('secondProvider');
    cleared.forEach((key) => form.clearFieldError(key));
  };

  const submit = async (graph: MetricGraph) => {
    setSaveError(null);
    try {
      await onAdd(graph);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : metricsMessages.saveFailed);
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={m.name}
          placeholder={m.namePlaceholder}
          value={values.name}
          maxLength={METRIC_GRAPH_NAME_MAX}
          onChange={(event) => update({ name: event.currentTarget.value })}
        />
        <MetricFieldset
          legend={m.firstMetric}
          providers={providerOptions}
          types={typeOptions(values.firstProvider)}
          provider={values.firstProvider}
          type={values.firstType}
          providerError={errors.firstProvider}
          typeError={errors.firstType}
          onProvider={(value) => update({ firstProvider: value, firstType: null })}
          onType={(value) => update({ firstType: value })}
          required
        />
        <MetricFieldset
          legend={m.secondMetric}
          providers={providerOptions}
          types={typeOptions(values.secondProvider, first)}
          provider={values.secondProvider}
          type={values.secondType}
          providerError={errors.secondProvider}
          onProvider={(value) => update({ secondProvider: value, secondType: null })}
          onType={(value) => update({ secondType: value })}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={m.timeSpan}
            data={TIME_SPAN_IDS.map((id) => ({ value: id, label: metricsMessages.timeSpans[id] }))}
            value={values.timeSpan}
            onChange={(value) => value && update({ timeSpan: value })}
            allowDeselect={false}
          />
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500} id="add-graph-type-label">
              {m.graphType}
            </Text>
            <SegmentedControl
              aria-labelledby="add-graph-type-label"
              data={[
                { value: 'line', label: metricsMessages.graphTypes.line },
                { value: 'area', label: metricsMessages.graphTypes.area },
              ]}
              value={values.graphType}
              onChange={(value) => update({ graphType: value === 'area' ? 'area' : 'line' })}
            />
          </Stack>
        </SimpleGrid>
        {values.timeSpan === 'custom' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateTimePicker
              label={m.startDate}
              value={values.startDate}
              onChange={(value) => update({ startDate: value })}
              maxDate={values.endDate ?? new Date()}
              error={errors.startDate}
              valueFormat="YYYY-MM-DD HH:mm"
              clearable
              withAsterisk
            />
            <DateTimePicker
              label={m.endDate}
              value={values.endDate}
              onChange={(value) => update({ endDate: value })}
              {...(values.startDate ? { minDate: values.startDate } : {})}
              error={errors.endDate}
              valueFormat="YYYY-MM-DD HH:mm"
              clearable
              withAsterisk
            />
          </SimpleGrid>
        )}
        {(errors['form'] ?? saveError) && (
          <Alert color="red" role="alert">
            {errors['form'] ?? saveError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface Option {
  value: string;
  label: string;
}

interface MetricFieldsetProps {
  legend: string;
  providers: Option[];
  types: Option[];
  provider: string | null;
  type: string | null;
  providerError?: ReactNode;
  typeError?: ReactNode;
  onProvider: (value: string | null) => void;
  onType: (value: string | null) => void;
  /** The first metric is required; the second can be cleared. */
  required?: boolean;
}

/** One metric of the graph: its provider, then a type of that provider. */
function MetricFieldset(props: MetricFieldsetProps) {
  const required = props.required === true;
  return (
    <Fieldset legend={props.legend}>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={m.provider}
          placeholder={m.providerPlaceholder}
          data={props.providers}
          value={props.provider}
          onChange={props.onProvider}
          error={props.providerError}
          allowDeselect={!required}
          clearable={!required}
          withAsterisk={required}
        />
        <Select
          label={m.type}
          placeholder={m.typePlaceholder}
          data={props.types}
          value={props.type}
          onChange={props.onType}
          error={props.typeError}
          disabled={!props.provider}
          clearable={!required}
          withAsterisk={required}
          searchable
        />
      </SimpleGrid>
    </Fieldset>
  );
}
