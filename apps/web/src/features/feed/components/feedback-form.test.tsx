// @vitest-environment jsdom
import { feedEndpoints } from '@aerie/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { FeedbackForm } from './feedback-form';

afterEach(cleanup);

const server = setupApiServer(
  apiHandler(feedEndpoints.submitFeedback, () => HttpResponse.json({ ok: true }, { status: 201 })),
);

describe('FeedbackForm', () => {
  it('keeps Submit disabled while the text is empty or blank', () => {
    renderWithProviders(<FeedbackForm onSubmitted={() => undefined} />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Your feedback/ }), {
      target: { value: '   ' },
    });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });

  it('allows at most 999 characters', () => {
    renderWithProviders(<FeedbackForm onSubmitted={() => undefined} />);
    const text = screen.getByRole('textbox', { name: /Your feedback/ });
    expect(text.getAttribute('maxlength')).toBe('999');
  });

  it('sends mood null until chosen, the text and browserMeta, then clears and closes', async () => {
    const onSubmitted = vi.fn();
    renderWithProviders(<FeedbackForm onSubmitted={onSubmitted} />);
    const text = screen.getByRole('textbox', { name: /Your feedback/ });
    fireEvent.change(text, { target: { value: 'Great portal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    const [request] = server.requests();
    expect(request?.path).toBe('/v2/feed/feedback');
    const body = request?.body as {
      mood: unknown;
      feedback: string;
      browserMeta: Record<string, string>;
    };
    expect(body.mood).toBeNull();
    expect(body.feedback).toBe('Great portal');
    expect(body.browserMeta['screenResolution']).toMatch(/^\d+x\d+$/);
    expect(body.browserMeta['windowResolution']).toMatch(/^\d+x\d+$/);
    expect(body.browserMeta['userAgent']).toContain('jsdom');
    expect(body.browserMeta['url']).toMatch(/^http/);
    expect((text as HTMLTextAreaElement).value).toBe('');
  });

  it('sends the chosen mood', async () => {
    const onSubmitted = vi.fn();
    renderWithProviders(<FeedbackForm onSubmitted={onSubmitted} />);
    const sad = screen.getByRole('button', { name: 'Sad' });
    fireEvent.click(sad);
    expect(sad.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: /Your feedback/ }), {
      target: { value: 'Slow map' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const body = server.requests()[0]?.body as Record<string, unknown>;
    expect(body['mood']).toBe('sad');
  });
});
