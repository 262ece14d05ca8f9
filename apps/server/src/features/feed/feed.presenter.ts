import { browserMetaSchema, type Feedback } from '@aerie/contract';
import type { FeedbackRecord } from './feed.repository.js';

const emptyMeta = { screenResolution: '', windowResolution: '', userAgent: '', url: '' };

export function presentFeedback(f: FeedbackRecord): Feedback {
  const meta = browserMetaSchema.safeParse(f.browserMeta);
  return {
    id: f.id,
    userId: f.userId,
    userName: `${f.firstName} ${f.lastName}`.trim(),
    userEmail: f.email,
    accountName: f.accountName,
    mood: f.mood,
    feedback: f.feedback,
    browserMeta: meta.success ? meta.data : emptyMeta,
    createdOn: f.createdAt.toISOString(),
  };
}
