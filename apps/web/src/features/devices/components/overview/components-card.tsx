import {
  isComponentModelEditable,
  type Component,
  type ComponentModelUpdate,
  type Device,
  type DeviceModel,
} from '@aerie/contract';
import { Select, Table, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useDeviceModels } from '../../api/get-device-models';
import { useUpdateComponentModels } from '../../api/update-component-models';
import { deviceMessages } from '../../messages';
import { EditActions } from '../edit-actions';
import { OverviewCard } from './overview-card';
import { showToast } from '../../../../lib/toast';

const texts = deviceMessages.overview.components;
const edit = texts.edit;

const keyOf = (c: Pick<Component, 'type' | 'serial'>) => `${c.type}\n${c.serial}`;

export interface ComponentsCardProps {
  device: Pick<Device, 'id' | 'components' | 'product'>;
  /** Roles with `devices.hardware` see Configure (spec 001 §4 "Components editing"). */
  canConfigure?: boolean;
}

/**
 * The device's components (spec 001 §3 "Component"), or the spec's empty text. Configure
 * turns the models into selects (presets of the product stay disabled); Cancel restores them.
 */
export function ComponentsCard({ device, canConfigure = false }: ComponentsCardProps) {
  const { components } = device;
  const [draft, setDraft] = useState<ReadonlyMap<string, string | null> | null>(null);
  const models = useDeviceModels(draft !== null);
  const save = useUpdateComponentModels(device.id);

  const submit = () => {
    if (!draft) return;
    const changes: ComponentModelUpdate[] = components.flatMap((c) => {
      const model = draft.get(keyOf(c)) ?? null;
      return model === c.model ? [] : [{ type: c.type, serial: c.serial, model }];
    });
    if (changes.length === 0) return setDraft(null);
    save.mutate(changes, {
      onSuccess: () => {
        showToast({ message: edit.saved, color: 'green', autoClose: 3_000 });
        setDraft(null);
      },
      onError: (error) =>
        showToast({
          message: edit.saveFailed(error.message),
          color: 'red',
          autoClose: 5_000,
        }),
    });
  };

  const actions =
    canConfigure && components.length > 0 ? (
      <EditActions
        editing={draft !== null}
        editLabel={edit.configure}
        saving={save.isPending}
        onEdit={() => setDraft(new Map(components.map((c) => [keyOf(c), c.model])))}
        onCancel={() => setDraft(null)}
        onSave={submit}
      />
    ) : null;

  return (
    <OverviewCard title={texts.title} actions={actions} testId="components-card">
      {components.length === 0 ? (
        <Text c="dimmed" size="sm">
          {texts.empty}
        </Text>
      ) : (
        // NOTE: a half-width column of the overview can be narrower than the table: the
        // scrolling region then takes focus, so it scrolls from the keyboard too (axe
        // scrollable-region-focusable).
        <Table.ScrollContainer
          minWidth={440}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': texts.tableLabel },
          }}
        >
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{texts.type}</Table.Th>
                <Table.Th scope="col">{texts.model}</Table.Th>
                <Table.Th scope="col">{texts.serial}</Table.Th>
                <Table.Th scope="col">{texts.assetId}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {components.map((c) => (
                <Table.Tr key={keyOf(c)}>
                  <Table.Td>{c.type}</Table.Td>
                  <Table.Td>
                    {draft ? (
                      <ModelSelect
                        component={c}
                        value={draft.get(keyOf(c)) ?? null}
                        models={models.data ?? []}
                        editable={isComponentModelEditable(c.type, device.product)}
                        onChange={(model) => setDraft(new Map(draft).set(keyOf(c), model))}
                      />
                    ) : (
                      (c.model ?? deviceMessages.notAvailable)
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">{c.serial}</Table.Td>
                  <Table.Td>{c.assetId ?? deviceMessages.notAvailable}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </OverviewCard>
  );
}

interface ModelSelectProps {
  component: Component;
  value: string | null;
  models: readonly DeviceModel[];
  editable: boolean;
  onChange: (model: string | null) => void;
}

/** The models of the component's type; a preset model is shown disabled with the tooltip. */
function ModelSelect({ component, value, models, editable, onChange }: ModelSelectProps) {
  const options = models
    .filter((m) => m.componentType === component.type)
    .map((m) => ({ value: m.shortcode, label: m.shortcode }));
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  if (options.length === 0) return <>{value ?? deviceMessages.notAvailable}</>;
  const select = (
    <Select
      size="xs"
      aria-label={edit.modelOf(component.type, component.serial)}
      data={options}
      value={value}
      onChange={onChange}
      placeholder={edit.noModel}
      disabled={!editable}
      clearable={editable}
      // NOTE: Mantine hides the clear button from assistive technology and the keyboard.
      clearButtonProps={{
        'aria-label': edit.clearModel(component.type, component.serial),
        'aria-hidden': false,
        tabIndex: 0,
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      maw={220}
    />
  );
  return editable ? (
    select
  ) : (
    <Tooltip label={edit.managedByProduct} multiline maw={280}>
      <div>{select}</div>
    </Tooltip>
  );
}
