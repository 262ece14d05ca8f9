import { Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Icon } from '../../../components/ui/icons';
import { showToast } from '../../../lib/toast';
import { useMe } from '../../users';
import { WidgetGrid } from '../components/widget-grid';
import { useDashboards } from '../hooks/use-dashboards';
import { dashboardsMessages as m, DASHBOARD_NAME_MAX } from '../messages';
import { currentDashboard } from '../utils/dashboards-state';

/** Whether this browser lets a page show an element full screen. */
function fullScreenSupported(element: HTMLElement): boolean {
  return document.fullscreenEnabled && typeof element.requestFullscreen === 'function';
}

/**
 * `/dashboard` (spec 002 §2 "Dashboard", spec 000 §3): the user's dashboards, kept in this
 * browser. A dropdown of dashboards, add (a name prompt), full screen, delete (not the last
 * one) and reset; 'My Dashboard' is created when there is none, and the last dashboard shown
 * is restored at the next load.
 */
export function DashboardPage() {
  const { data: me } = useMe({ enabled: false });
  if (!me) return null;
  return <Dashboards userId={me.id} />;
}

function Dashboards({ userId }: { userId: string }) {
  const api = useDashboards(userId);
  const { state, add, select, remove, reset } = api;
  const dashboard = currentDashboard(state);
  const board = useRef<HTMLDivElement>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'reset' | null>(null);

  const requestDelete = () => {
    // The last dashboard cannot be deleted: said at once, without asking first.
    if (state.dashboards.length <= 1) {
      showToast({ message: m.cannotDeleteLast, color: 'red', autoClose: 6_000 });
      return;
    }
    setConfirming('delete');
  };

  const goFullScreen = () => {
    const notSupported = () =>
      showToast({ message: m.fullScreenNotSupported, color: 'yellow', autoClose: 6_000 });
    const element = board.current;
    if (!element || !fullScreenSupported(element)) notSupported();
    else element.requestFullscreen().catch(notSupported);
  };

  return (
    <Stack gap="md">
      <Title order={1}>{m.title}</Title>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Select
          aria-label={m.chooser}
          data={state.dashboards.map((d) => ({ value: d.id, label: d.name }))}
          value={dashboard?.id ?? null}
          onChange={(id) => id && select(id)}
          allowDeselect={false}
          w={280}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<Icon name="plus" size={16} />}
            onClick={() => setAdding(true)}
          >
            {m.add}
          </Button>
          <Button
            variant="default"
            leftSection={<Icon name="maximize" size={16} />}
            onClick={goFullScreen}
          >
            {m.fullScreen}
          </Button>
          <Button
            variant="default"
            leftSection={<Icon name="trash" size={16} />}
            onClick={requestDelete}
          >
            {m.delete}
          </Button>
          <Button variant="subtle" onClick={() => setConfirming('reset')}>
            {m.reset}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {m.keptLocally}
      </Text>

      <Paper
        ref={board}
        withBorder
        radius="md"
        p="lg"
        mih={320}
        aria-label={dashboard?.name ?? m.title}
        role="region"
        data-testid="dashboard-board"
      >
        {dashboard && dashboard.widgets.length === 0 ? <Text c="dimmed">{m.empty}</Text> : null}
        {dashboard && dashboard.widgets.length > 0 ? (
          <WidgetGrid dashboard={dashboard} api={api} />
        ) : null}
      </Paper>

      <AddDashboardModal
        opened={adding}
        onClose={() => setAdding(false)}
        onCreate={(name) => {
          const result = add(name);
          if (result.ok) setAdding(false);
          return result.ok ? null : result.error;
        }}
      />
      <ConfirmDialog
        opened={confirming === 'delete'}
        title={m.deleteTitle}
        confirmLabel={m.delete}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          if (!dashboard) return;
          const result = remove(dashboard.id);
          if (!result.ok) showToast({ message: result.error, color: 'red', autoClose: 6_000 });
        }}
      >
        {m.deleteConsequence(dashboard?.name ?? '')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'reset'}
        title={m.resetTitle}
        confirmLabel={m.reset}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          reset();
        }}
      >
        {m.resetConsequence}
      </ConfirmDialog>
    </Stack>
  );
}

function AddDashboardModal({
  opened,
  onClose,
  onCreate,
}: {
  opened: boolean;
  onClose: () => void;
  /** Creates the dashboard; returns why not, or null. */
  onCreate: (name: string) => string | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={m.addTitle} centered>
      {/* Mounted only while open, so each opening starts with an empty name. */}
      {opened ? <AddDashboardForm onClose={onClose} onCreate={onCreate} /> : null}
    </Modal>
  );
}

function AddDashboardForm({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (name: string) => string | null;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(onCreate(name));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={m.nameLabel}
          placeholder={m.namePlaceholder}
          value={name}
          maxLength={DASHBOARD_NAME_MAX}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit">{m.create}</Button>
        </Group>
      </Stack>
    </form>
  );
}
