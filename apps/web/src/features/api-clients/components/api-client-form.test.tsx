// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ApiClientForm } from './api-client-form';

afterEach(cleanup);

function fill(clientId: string, secret: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Client ID/ }), {
    target: { value: clientId },
  });
  fireEvent.change(screen.getByLabelText(/Secret/), { target: { value: secret } });
}

describe('ApiClientForm', () => {
  it('requires clientId and secret', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<ApiClientForm onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client ID is required.')).toBeDefined();
    expect(screen.getByText('Secret is required.')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a secret longer than 255 characters', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<ApiClientForm onSubmit={onSubmit} onCancel={() => undefined} />);
    fill('fleet-sync', 'x'.repeat(256));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 255 characters.')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values and clears the form on success', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<ApiClientForm onSubmit={onSubmit} onCancel={() => undefined} />);
    fill('fleet-sync', 'x'.repeat(255));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ clientId: 'fleet-sync', secret: 'x'.repeat(255) }),
    );
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Client ID/ }).value).toBe(''),
    );
  });

  it('keeps the values and shows the server message when the server refuses', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('An API client with this id already exists.');
    });
    renderWithProviders(<ApiClientForm onSubmit={onSubmit} onCancel={() => undefined} />);
    fill('fleet-sync', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Client ID/ }).value).toBe(
      'fleet-sync',
    );
  });
});
