import { Button } from '@mantine/core';
import { deviceMessages } from '../messages';

export interface EditActionsProps {
  editing: boolean;
  /** The button that starts editing ("Configure", "Edit Beams"). */
  editLabel: string;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
}

/** A card's edit button, or Cancel and Save while editing. */
export function EditActions({
  editing,
  editLabel,
  saving,
  onEdit,
  onCancel,
  onSave,
}: EditActionsProps) {
  if (!editing)
    return (
      <Button size="xs" variant="light" onClick={onEdit}>
        {editLabel}
      </Button>
    );
  return (
    <>
      <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
        {deviceMessages.cancel}
      </Button>
      <Button size="xs" onClick={onSave} loading={saving}>
        {deviceMessages.save}
      </Button>
    </>
  );
}
