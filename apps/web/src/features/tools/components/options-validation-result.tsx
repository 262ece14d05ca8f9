import type { OptionsFileResult, OptionsValidationResponse } from '@aerie/contract';
import { Stack, Table, Text, Title } from '@mantine/core';
import { toolsMessages } from '../messages';
import { remarkableFields } from '../utils/options-files';
import classes from './options-validation-result.module.css';

const texts = toolsMessages.validator;

export interface OptionsValidationResultProps {
  result: OptionsValidationResponse;
}

/** One file's detail: its file-level error, then its fields with an error or a disclaimer. */
function FileDetail({ file }: { file: OptionsFileResult }) {
  const fields = remarkableFields(file);
  if (!file.error && fields.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {texts.noRemarks}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {file.error ? (
        <Text size="xs" className={classes.error}>
          {file.error}
        </Text>
      ) : null}
      {fields.length > 0 ? (
        <table className={classes.fields} aria-label={texts.fieldsLabel(file.fileName)}>
          <colgroup>
            <col className={classes.fieldColumn} />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{texts.columns.field}</th>
              <th scope="col">{texts.columns.error}</th>
              <th scope="col">{texts.columns.disclaimer}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => (
              <tr key={`${f.field}-${i}`}>
                <td>{f.field}</td>
                <td className={classes.error}>{f.error ?? ''}</td>
                <td>{f.disclaimer ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Stack>
  );
}

/**
 * The answer (spec 001 §2): 'Valid Files : n/total', the valid files' names, and a table with
 * a detail row per file.
 */
export function OptionsValidationResult({ result }: OptionsValidationResultProps) {
  const valid = result.results.filter((r) => r.isValid);
  return (
    <Stack gap="xs" data-testid="options-validation-result">
      <Title order={2} size="h4" role="status">
        {texts.validFiles(valid.length, result.totalFiles)}
      </Title>
      <Text size="sm" data-testid="valid-file-names">
        <Text span c="dimmed" size="sm">
          {`${texts.validNamesLabel}: `}
        </Text>
        {valid.length > 0 ? valid.map((r) => r.fileName).join(', ') : texts.noneValid}
      </Text>
      <Table
        className={classes.table}
        aria-label={texts.resultsLabel}
        verticalSpacing={6}
        horizontalSpacing="sm"
        fz="sm"
        withTableBorder
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{texts.columns.file}</Table.Th>
            <Table.Th scope="col" w={110}>
              {texts.columns.result}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.results.flatMap((file, i) => [
            <Table.Tr key={`${i}-file`} data-file data-testid="options-result-row">
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                {file.fileName}
              </Table.Td>
              <Table.Td>
                <Text
                  span
                  size="sm"
                  fw={650}
                  className={file.isValid ? classes.valid : classes.error}
                >
                  {file.isValid ? texts.valid : texts.invalid}
                </Text>
              </Table.Td>
            </Table.Tr>,
            <Table.Tr key={`${i}-detail`} data-detail>
              <Table.Td colSpan={2}>
                <FileDetail file={file} />
              </Table.Td>
            </Table.Tr>,
          ])}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
