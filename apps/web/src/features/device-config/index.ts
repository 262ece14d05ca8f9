/** The device configuration feature's public surface (CONVENTIONS §2). */
export { DeviceConfiguration } from './components/device-configuration';
