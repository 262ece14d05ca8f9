import { FEEDBACK_MAX_LENGTH, feedbackRequestSchema, type Mood } from '@aerie/contract';
import { Alert, Button, Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Icon } from '../../../components/ui/icons';
import { useSendFeedback } from '../api/send-feedback';
import { feedMessages } from '../messages';
import { collectBrowserMeta } from '../utils/browser-meta';
import classes from './feedback-form.module.css';

export interface FeedbackFormProps {
  /** Called after a successful submit (the pane closes). */
  onSubmitted: () => void;
}

const moods: Mood[] = ['happy', 'meh', 'sad'];
const THANKS_TOAST_MS = 4_000;

/**
 * The feedback pane's form (spec 000 §2.8, §5): mood is null until chosen, text is required
 * and at most 999 characters; a successful submit clears the form and closes the pane.
 */
export function FeedbackForm({ onSubmitted }: FeedbackFormProps) {
  const [mood, setMood] = useState<Mood | null>(null);
  const [text, setText] = useState('');
  const send = useSendFeedback();
  const empty = text.trim().length === 0;
  const tooLong = text.length > FEEDBACK_MAX_LENGTH;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const parsed = feedbackRequestSchema.safeParse({
      mood,
      feedback: text,
      browserMeta: collectBrowserMeta(),
    });
    if (!parsed.success) return;
    send.mutate(parsed.data, {
      onSuccess: () => {
        setMood(null);
        setText('');
        notifications.show({
          message: feedMessages.thanks,
          color: 'teal',
          autoClose: THANKS_TOAST_MS,
        });
        onSubmitted();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={feedMessages.feedbackTitle}>
      <Stack gap="md">
        <div role="group" aria-labelledby="feedback-mood-label">
          <Text id="feedback-mood-label" size="sm" fw={500} mb={6}>
            {feedMessages.mood}
          </Text>
          <Group gap="xs">
            {moods.map((value) => (
              <UnstyledButton
                key={value}
                className={classes.mood}
                aria-pressed={mood === value}
                data-selected={mood === value || undefined}
                onClick={() => setMood((current) => (current === value ? null : value))}
              >
                <Icon name={value} size={28} />
                <Text component="span" size="xs">
                  {feedMessages.moods[value]}
                </Text>
              </UnstyledButton>
            ))}
          </Group>
        </div>
        <Textarea
          label={feedMessages.feedbackLabel}
          required
          autosize
          minRows={4}
          maxRows={10}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={FEEDBACK_MAX_LENGTH}
          description={feedMessages.characters(text.length, FEEDBACK_MAX_LENGTH)}
          error={tooLong ? feedMessages.characters(text.length, FEEDBACK_MAX_LENGTH) : undefined}
        />
        {send.isError && (
          <Alert color="red" variant="light" role="alert">
            {feedMessages.feedbackFailed}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={empty || tooLong} loading={send.isPending}>
            {feedMessages.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
