// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { onlineState } from '../utils/online-state';
import { OnlineStateBadge, onlineStateColors } from './online-state-badge';

afterEach(cleanup);

describe('online state', () => {
  it('is online for true, offline for false and unknown when not reported', () => {
    expect(onlineState(true)).toBe('online');
    expect(onlineState(false)).toBe('offline');
    expect(onlineState(null)).toBe('unknown');
    expect(onlineState(undefined)).toBe('unknown');
  });

  it.each([
    [true, 'Online', 'online'],
    [false, 'Offline', 'offline'],
    [null, 'Unknown', 'unknown'],
  ] as const)('shows %s as the word %s, not colour alone', (online, text, state) => {
    renderWithProviders(<OnlineStateBadge online={online} label="Satellite" />);
    const badge = screen.getByText(text);
    expect(badge.closest('[data-state]')?.getAttribute('data-state')).toBe(state);
    expect(badge.closest('[title]')?.getAttribute('title')).toBe(`Satellite: ${text}`);
  });

  it('uses the spec colours: green online, red offline', () => {
    expect(onlineStateColors.online).toBe('#65BD81');
    expect(onlineStateColors.offline).toBe('#FF5959');
  });
});
