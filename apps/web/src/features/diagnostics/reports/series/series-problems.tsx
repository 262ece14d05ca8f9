import { Alert, List, Text } from '@mantine/core';
import { Icon } from '../../../../components/ui/icons';
import { reportMessages } from '../messages';

/** What could not be read of the logs, when anything (the server's problems and left-out rows). */
export function SeriesProblems({
  problems,
  skippedRows,
}: {
  problems: string[];
  skippedRows: number;
}) {
  if (problems.length === 0 && skippedRows === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<Icon name="warning" size={18} />}
      title={reportMessages.problems(problems.length + (skippedRows > 0 ? 1 : 0))}
    >
      <List size="sm" spacing={2}>
        {problems.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
        {skippedRows > 0 ? (
          <List.Item>
            <Text size="sm" span>
              {reportMessages.skippedRows(skippedRows)}
            </Text>
          </List.Item>
        ) : null}
      </List>
    </Alert>
  );
}
