// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice } from '../../device.fixture';
import { DeviceJson } from './device-json';

afterEach(cleanup);

const device = buildDevice();

describe('DeviceJson', () => {
  it('pretty-prints every field of the device', () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    const json = screen.getByTestId('device-json');
    expect(json.textContent).toContain('"name": "Northern Star"');
    expect(json.textContent).toContain('"satelliteSignal": 4.5');
    expect(json.textContent).toContain('"private": false');
    expect(json.textContent).toContain('"satelliteNetworkConfiguration": null');
  });

  it('folds and unfolds an object with its toggle button', () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    const toggle = screen.getByRole('button', { name: 'Collapse software' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    const folded = screen.getByRole('button', { name: 'Expand software' });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('device-json').textContent).not.toContain('"currentVersion"');
    expect(screen.getByTestId('device-json').textContent).toContain('5 keys');
    fireEvent.click(folded);
    expect(screen.getByTestId('device-json').textContent).toContain('"currentVersion": "4.2.1"');
  });

  it('collapses and expands everything', () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    const text = screen.getByTestId('device-json').textContent;
    expect(text).toContain('"name": "Northern Star"');
    expect(text).not.toContain('"serial": "ANT0001"');
    expect(screen.getByRole('button', { name: 'Expand components' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByTestId('device-json').textContent).toContain('"serial": "ANT0001"');
  });

  it('shows the Danger Zone with a disabled Delete Device to Super User only', () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    const button = screen.getByRole('button', { name: 'Delete Device' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('region', { name: 'Danger Zone' })).toBeDefined();
    cleanup();
    renderWithProviders(<DeviceJson device={device} role="providerAdmin" />);
    expect(screen.queryByRole('region', { name: 'Danger Zone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Device' })).toBeNull();
  });
});
