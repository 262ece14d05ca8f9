import type { DiagnosticFile, DiagnosticProcessingStatus } from '@aerie/contract';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatBytes } from '../../../lib/format-bytes';
import { formatUtcDateTime } from '../../devices';
import { analyzeMessages } from './messages';
import { ShareModal } from './share-modal';
import classes from './analyze.module.css';

const m = analyzeMessages.header;

// NOTE: filled badges in shade 9 (7 for grey): the light variants fail WCAG AA contrast.
const statusColors: Record<DiagnosticProcessingStatus, string> = {
  Queued: 'gray.7',
  Processing: 'blue.9',
  Ready: 'teal.9',
  Rejected: 'red.9',
};

export interface AnalyzeHeaderProps {
  file: DiagnosticFile;
  /** The absolute link to the report on screen (the share action's). */
  shareLink: string;
}

/**
 * The analyzed file (spec 001 §2): its name, antenna serial, diagnostic date (UTC) and size,
 * its processing state while not Ready, and the share action.
 */
export function AnalyzeHeader({ file, shareLink }: AnalyzeHeaderProps) {
  const [shareOpen, share] = useDisclosure(false);
  const notAvailable = '—';
  const uploaded = formatUtcDateTime(file.uploadedOn) ?? notAvailable;
  return (
    <Paper withBorder p="sm" className={classes.header} aria-label={m.label} component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" className={classes.fileName}>
              {file.fileName}
            </Title>
            {file.status === 'Ready' ? null : (
              <Badge color={statusColors[file.status]} variant="filled" size="sm">
                {analyzeMessages.statuses[file.status]}
              </Badge>
            )}
          </Group>
          <dl className={classes.facts}>
            <Fact label={m.antennaSerial} value={file.antennaSerial} />
            <Fact
              label={m.diagnosticDate}
              value={formatUtcDateTime(file.diagnosticCreatedOn) ?? notAvailable}
            />
            <Fact label={m.size} value={formatBytes(file.fileSize)} />
            <Fact
              label={m.uploaded}
              value={file.uploadedBy ? m.uploadedBy(uploaded, file.uploadedBy) : uploaded}
            />
          </dl>
        </Stack>
        <Button size="xs" variant="default" onClick={share.open} style={{ flex: 'none' }}>
          {analyzeMessages.share.button}
        </Button>
      </Group>
      <ShareModal opened={shareOpen} onClose={share.close} link={shareLink} />
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
