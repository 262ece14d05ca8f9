import {
  FEEDBACK_MAX_LENGTH,
  feedbackRequestSchema,
  type FeedbackRequest,
  type Mood,
} from '@aerie/contract';
import { Alert, Button, Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Icon } from '../../../components/ui/icons';
import { formResolver } from '../../../lib/form-resolver';
import { useSendFeedback } from '../api/send-feedback';
import { feedMessages } from '../messages';
import { collectBrowserMeta } from '../utils/browser-meta';
import classes from './feedback-form.module.css';
import { showToast } from '../../../lib/toast';

export interface FeedbackFormProps {
  /** Called after a successful submit (the pane closes). */
  onSubmitted: () => void;
}

const moods: Mood[] = ['happy', 'meh', 'sad'];
const THANKS_TOAST_MS = 4_000;

/** What the user fills in; the browser's details join at submit. */
const feedbackFormSchema = feedbackRequestSchema.omit({ browserMeta: true });
const validate = formResolver(feedbackFormSchema);
const empty: Omit<FeedbackRequest, 'browserMeta'> = { mood: null, feedback: '' };

/**
 * The feedback pane's form (spec 000 §2.8, §5): mood is null until chosen, text is required
 * and at most 999 characters; a successful submit clears the form and closes the pane.
 */
export function FeedbackForm({ onSubmitted }: FeedbackFormProps) {
  const form = useForm({
    initialValues: empty,
    validate,
    transformValues: (values) =>
      feedbackRequestSchema.parse({ ...values, browserMeta: collectBrowserMeta() }),
  });
  const send = useSendFeedback();
  const { mood, feedback: text } = form.values;
  const tooLong = text.length > FEEDBACK_MAX_LENGTH;

  const submit = (request: FeedbackRequest): void => {
    send.mutate(request, {
      onSuccess: () => {
        form.reset();
        showToast({
          message: feedMessages.thanks,
          color: 'teal',
          autoClose: THANKS_TOAST_MS,
        });
        onSubmitted();
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={feedMessages.feedbackTitle}>
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
                onClick={() => form.setFieldValue('mood', mood === value ? null : value)}
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
          {...form.getInputProps('feedback')}
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
          <Button type="submit" disabled={!form.isValid()} loading={send.isPending}>
            {feedMessages.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
