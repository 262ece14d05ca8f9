import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useStore } from '../../lib/store';
import { ColumnEditor } from './column-editor';
import { columnEditorTarget, type ColumnEditorTarget } from './column-editor-store';
import { DEFAULT_LIST_PAGE_SIZE } from './list-layout';
import { dataTableMessages } from './messages';
import { useListSettings } from './use-list-settings';

/** The `columnEditor` context pane: edits the list on the page, saved in the user's settings. */
export function ColumnEditorPane() {
  const target = useStore(columnEditorTarget);
  if (!target) return <Text c="dimmed">{dataTableMessages.editor.noTable}</Text>;
  return <TargetColumnEditor key={target.table} target={target} />;
}

function TargetColumnEditor({ target }: { target: ColumnEditorTarget }) {
  const settings = useListSettings(target.table, target.columns, target.defaultPageSize);
  // NOTE: the editor works on its own copy, updated at once: a second quick change must build
  // on the first even before the saved settings come back round.
  const [layout, setLayout] = useState(settings.layout);
  useEffect(() => setLayout(settings.layout), [settings.layout]);
  return (
    <ColumnEditor
      table={target.table}
      title={target.title}
      columns={target.columns}
      layout={layout}
      {...(target.pageSizes ? { pageSizes: target.pageSizes } : {})}
      saved={settings.saved}
      saving={settings.saving}
      failed={settings.failed}
      onChange={(next) => {
        setLayout(next);
        settings.save(next);
        if (next.pageSize !== layout.pageSize) target.onPageSizeChange?.(next.pageSize);
      }}
      onReset={() => {
        settings.reset();
        target.onPageSizeChange?.(target.defaultPageSize ?? DEFAULT_LIST_PAGE_SIZE);
      }}
    />
  );
}
